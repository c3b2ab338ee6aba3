// The smoke a user's first hour would run, against packages installed from a registry by
// name. `esm.mjs` and `cjs.cjs` load the packages (import or require) and hand them here;
// this file only uses what they pass, so each format is exercised on its own.
//
// Each step prints `ok <name>` or `not ok <name>: <why>`; the rehearsal counts the lines.
// Call shapes stay "request first, optional call options last".
const { createServer } = require("node:http");

const DELIVERY_TIMEOUT_MS = 15_000;

const RECORDS = [
  { id: "a", vector: [1, 0, 0], metadata: { genre: "sf" } },
  { id: "b", vector: [0, 1, 0], metadata: { genre: "drama" } },
  { id: "c", vector: [0, 0, 1], metadata: { genre: "sf" } },
];

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** A workflow endpoint on 127.0.0.1 that records what the dev server delivers to it. */
function startReceiver() {
  const deliveries = [];
  let notify = () => {};
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      deliveries.push({
        method: req.method,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      notify();
    });
  });
  const firstDelivery = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`nothing was delivered within ${DELIVERY_TIMEOUT_MS} ms`)),
        DELIVERY_TIMEOUT_MS,
      );
      notify = () => {
        clearTimeout(timer);
        resolve(deliveries[0]);
      };
      if (deliveries.length > 0) notify();
    });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}/api/workflow`,
        firstDelivery,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

async function rejection(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("the call succeeded; it should have failed");
}

function steps(modules, dev, receiver) {
  const { WorkflowClient, VectorIndex } = modules;
  const workflow = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
  const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  return {
    "trigger is delivered": async () => {
      const { workflowRunId } = await workflow.trigger({ url: receiver.url, body: { order: 42 } });
      const delivery = await receiver.firstDelivery();
      check(delivery.method === "POST", `delivered with ${delivery.method}`);
      check(delivery.body === '{"order":42}', `delivered body ${delivery.body}`);
      const runId = delivery.headers["svc-workflow-runid"];
      check(runId === workflowRunId, `delivered run id ${runId}, trigger said ${workflowRunId}`);
    },
    query: async () => {
      const hits = await index.query({ vector: [1, 0, 0], topK: 2, includeMetadata: true });
      check(hits.length === 2, `${hits.length} hits`);
      check(hits[0].id === "a" && hits[0].score === 1, `first hit ${JSON.stringify(hits[0])}`);
      check(hits[0].metadata.genre === "sf", `metadata ${JSON.stringify(hits[0].metadata)}`);
    },
    range: async () => {
      const page = await index.range({ cursor: "0", limit: 10 });
      const ids = page.vectors.map((record) => record.id).join(",");
      check(ids === "a,b,c", `ids ${ids}`);
      check(page.nextCursor === "", `nextCursor ${JSON.stringify(page.nextCursor)}`);
    },
    fetch: async () => {
      const records = await index.fetch(["b", "missing"]);
      check(records.length === 2, `${records.length} records`);
      check(records[0]?.id === "b" && records[1] === null, `records ${JSON.stringify(records)}`);
    },
    info: async () => {
      const info = await index.info();
      check(info.dimension === 3, `dimension ${info.dimension}`);
      check(info.similarityFunction === "COSINE", `similarity ${info.similarityFunction}`);
      const total = info.vectorCount + info.pendingVectorCount;
      check(total === RECORDS.length, `${total} vectors`);
    },
    "bad input is a ValidationError, from one @x/core": async () => {
      const err = await rejection(workflow.trigger({ url: "not a url" }));
      check(err instanceof modules.ValidationError, `got ${err?.name}: ${err?.message}`);
      // Both clients must share one installed @x/core, or instanceof fails across them.
      check(modules.ValidationError === modules.VectorValidationError, "two copies of @x/core");
    },
    "a wrong token is an AuthenticationError that does not quote it": async () => {
      const token = "wrong-token-9f3a1c";
      const stranger = new VectorIndex({ url: dev.vectorUrl, token });
      const err = await rejection(stranger.info());
      check(err instanceof modules.AuthenticationError, `got ${err?.name}: ${err?.message}`);
      const shown = `${err.message} ${err.stack} ${JSON.stringify(err)}`;
      check(!shown.includes(token), "the error quotes the token");
    },
  };
}

/**
 * Starts the dev server from the installed package and runs every step against it.
 * @returns {Promise<number>} how many steps failed
 */
async function runSmoke(modules, label) {
  const receiver = await startReceiver();
  const dev = await modules.startDevServer({
    vector: { dimension: 3, metric: "COSINE", type: "DENSE" },
    seed: RECORDS,
  });
  let failed = 0;
  try {
    for (const [name, step] of Object.entries(steps(modules, dev, receiver))) {
      try {
        await step();
        console.log(`ok ${label}: ${name}`);
      } catch (err) {
        failed += 1;
        console.log(`not ok ${label}: ${name}: ${err?.message ?? err}`);
      }
    }
  } finally {
    await dev.close();
    await receiver.close();
  }
  return failed;
}

module.exports = { runSmoke };
