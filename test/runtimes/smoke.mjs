// The one smoke suite every runtime runs, through the public API of the packed packages.
// It imports no client itself: each runtime's entry loads `@x/vector` and `@x/workflow`
// its own way (ESM import, CJS require, a bundle) and passes the modules in, so the CJS
// entries test the CJS builds with this same ES module.
//
// `config` comes from the harness: the dev server's URLs and token, a local endpoint that
// receives workflow deliveries, and an endpoint that accepts requests and never answers.
import { SEED } from "./seed.mjs";

/** How long a triggered run may take to reach the receiver before the case fails. */
const DELIVERY_DEADLINE_MS = 10_000;
const POLL_EVERY_MS = 25;

// A token that differs from the dev server's and changes under percent-encoding, so an
// error that leaked it in either form would be caught.
const WRONG_TOKEN = "wrong/token+smoke=value";

const sorted = (ids) => [...ids].sort();
const idsOf = (records) => records.map((record) => record?.id ?? null);

export function expectEqual(actual, expected, what) {
  const seen = JSON.stringify(actual);
  const wanted = JSON.stringify(expected);
  if (seen !== wanted) throw new Error(`${what}: expected ${wanted}, got ${seen}`);
}

/** Runs `call`, which must reject; returns what it rejected with. */
export async function rejection(call, what) {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error(`${what}: resolved, expected a rejection`);
}

function expectInstance(error, type, what) {
  if (!(error instanceof type)) {
    throw new Error(`${what}: expected ${type.name}, got ${error?.name}: ${error?.message}`);
  }
}

/** Fails when any readable form of `error` carries the token, as sent or percent-encoded. */
function expectNoToken(error, token, what) {
  const forms = [token, encodeURIComponent(token)];
  const texts = {
    message: String(error.message),
    "String(error)": String(error),
    stack: String(error.stack),
    body: JSON.stringify(error.body ?? null),
  };
  for (const [where, text] of Object.entries(texts)) {
    if (forms.some((form) => text.includes(form))) {
      throw new Error(`${what}: the token appears in the error's ${where}`);
    }
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The dev server's own record of a run (a dev-only route), once the run has settled. */
async function settledRun(config, workflowRunId) {
  const url = `${config.workflowUrl}/v2/dev/runs/${encodeURIComponent(workflowRunId)}`;
  const headers = { authorization: `Bearer ${config.token}` };
  const deadline = Date.now() + DELIVERY_DEADLINE_MS;
  while (Date.now() < deadline) {
    const response = await fetch(url, { headers });
    const run = await response.json();
    if (run.state !== "scheduled" && run.state !== "delivering") return run;
    await pause(POLL_EVERY_MS);
  }
  throw new Error(`run ${workflowRunId} was not delivered within ${DELIVERY_DEADLINE_MS} ms`);
}

function buildCases({ vector, workflow }, config) {
  const { VectorIndex, filter } = vector;
  const { WorkflowClient } = workflow;
  const index = new VectorIndex({ url: config.vectorUrl, token: config.token });
  // Every call to the hanging endpoint stays unanswered; no retries, so one attempt each.
  const hanging = { url: config.hangingUrl, token: config.token, maxRetries: 0 };

  return {
    "trigger, delivered to a local endpoint": async () => {
      const wf = new WorkflowClient({ baseUrl: config.workflowUrl, token: config.token });
      const { workflowRunId, workflowCreatedAt } = await wf.trigger({
        url: config.receiverUrl,
        body: { from: config.label },
      });
      if (typeof workflowRunId !== "string" || !Number.isInteger(workflowCreatedAt)) {
        throw new Error(`trigger answered ${JSON.stringify({ workflowRunId, workflowCreatedAt })}`);
      }
      const run = await settledRun(config, workflowRunId);
      expectEqual(run.state, "succeeded", "run state");
      expectEqual(
        run.attempts.map((attempt) => attempt.status),
        [200],
        "delivery answers",
      );
    },

    "range, one page": async () => {
      const page = await index.range({ cursor: "0", limit: 2, includeMetadata: true });
      expectEqual(idsOf(page.vectors), ["doc-1", "doc-2"], "ids");
      expectEqual(page.vectors[0].metadata, SEED[0].metadata, "metadata");
      if (page.nextCursor === "") throw new Error("nextCursor is empty after 2 of 6 records");
    },

    rangeAll: async () => {
      const ids = [];
      for await (const record of index.rangeAll({ pageSize: 2 })) ids.push(record.id);
      expectEqual(ids, sorted(idsOf(SEED)), "ids");
    },

    "query with a filter": async () => {
      const results = await index.query({
        vector: [1, 0, 0],
        topK: 5,
        filter: filter.and(filter.eq("genre", "sci-fi"), filter.gte("year", 2000)),
      });
      expectEqual(idsOf(results), ["doc-2", "doc-4"], "ids, best first");
    },

    queryMany: async () => {
      const lists = await index.queryMany([
        { vector: [1, 0, 0], topK: 1 },
        { vector: [0, 0, 1], topK: 1 },
      ]);
      expectEqual(lists.map(idsOf), [["doc-1"], ["note-1"]], "ids per query");
    },

    "fetch by ids": async () => {
      const records = await index.fetch(["doc-3", "missing", "doc-1"]);
      expectEqual(idsOf(records), ["doc-3", null, "doc-1"], "ids in asked order");
    },

    "fetch by prefix": async () => {
      const records = await index.fetch({ prefix: "note-" });
      expectEqual(sorted(idsOf(records)), ["note-1", "note-2"], "ids");
    },

    info: async () => {
      const info = await index.info();
      expectEqual(info.vectorCount + info.pendingVectorCount, SEED.length, "vectors");
      expectEqual([info.dimension, info.similarityFunction], [3, "COSINE"], "configuration");
    },

    "ValidationError before sending": async () => {
      const error = await rejection(
        () => index.query({ vector: [1, 0, 0], topK: 0 }),
        "query with topK 0",
      );
      expectInstance(error, vector.ValidationError, "query with topK 0");
      expectEqual(error.field, "topK", "field");
    },

    "fromEnv without its variables is a ConfigurationError": async () => {
      // Node and Bun lack the variables; Deno runs without --allow-env, so reading is not
      // permitted; workerd and browsers have no environment: each is the same error.
      const error = await rejection(async () => VectorIndex.fromEnv(), "fromEnv");
      expectInstance(error, vector.ConfigurationError, "fromEnv");
    },

    "AuthenticationError without the token (header)": async () => {
      const wrong = new VectorIndex({ url: config.vectorUrl, token: WRONG_TOKEN });
      const error = await rejection(() => wrong.info(), "info with a wrong token");
      expectInstance(error, vector.AuthenticationError, "info with a wrong token");
      expectEqual(error.status, 401, "status");
      expectNoToken(error, WRONG_TOKEN, "info with a wrong token");
    },

    "AuthenticationError without the token (query parameter)": async () => {
      const wrong = new WorkflowClient({
        baseUrl: config.workflowUrl,
        token: WRONG_TOKEN,
        tokenIn: "query",
      });
      const error = await rejection(
        () => wrong.trigger({ url: config.receiverUrl }),
        "trigger with a wrong token",
      );
      expectInstance(error, workflow.AuthenticationError, "trigger with a wrong token");
      expectNoToken(error, WRONG_TOKEN, "trigger with a wrong token");
    },

    "aborted call": async () => {
      const controller = new AbortController();
      const call = new VectorIndex(hanging).info({ signal: controller.signal });
      // Aborted once the request is under way, not before it starts.
      setTimeout(() => controller.abort(), 20);
      const error = await rejection(() => call, "info, then abort");
      expectEqual(error?.name, "AbortError", "error name");
    },

    timeout: async () => {
      const slow = new VectorIndex({ ...hanging, timeoutMs: 200 });
      const error = await rejection(() => slow.info(), "info from an endpoint that never answers");
      expectInstance(error, vector.TimeoutError, "info from an endpoint that never answers");
    },
  };
}

/** The smoke suite on the clients `clients` holds, through {@link runCases}. */
export function runSmoke(clients, config) {
  return runCases(buildCases(clients, config));
}

/**
 * Runs every case of `cases` (by name) in order and resolves to one `{ name, ok, error? }`
 * per case; a failed case does not stop the others.
 */
export async function runCases(cases) {
  const results = [];
  for (const [name, run] of Object.entries(cases)) {
    try {
      await run();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: String(error?.stack ?? error) });
    }
  }
  return results;
}
