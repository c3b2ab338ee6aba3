// One job per line of the output: which runtime runs the clients (or the dev server), and
// how. Each job starts its own dev server, so no job sees another's workflow runs.
import { runInBrowser } from "./chromium.mjs";
import { jsonLine, runProcess, startPageServer, startProcess } from "./servers.mjs";
import { runInWorkerd } from "./workerd.mjs";

// Deno runs the clients and the dev server with network access to loopback only, and no
// other permission: neither needs one.
const DENO_RUN = ["run", "--allow-net=127.0.0.1"];

/** The binary of a runtime of the matrix, or the reason it could not be installed. */
function binaryOf(ctx, runtime) {
  if (runtime === "node20") return process.execPath;
  const installed = ctx.runtimes[runtime];
  if (installed instanceof Error) {
    throw new Error(`${runtime} could not be installed: ${installed.message}`);
  }
  return installed.binary;
}

/** The command that runs `file` under `runtime`. */
function command(ctx, runtime, file) {
  const binary = binaryOf(ctx, runtime);
  if (runtime === "deno") return [binary, [...DENO_RUN, file]];
  return [binary, [file]];
}

/** `{ workflowUrl, vectorUrl }` from the line dev-server.mjs prints once it listens. */
function devServerUrls(line) {
  const printed = jsonLine(line);
  return printed?.vectorUrl && printed?.workflowUrl ? printed : undefined;
}

/**
 * Starts the packed dev server under `runtime`, runs `use(config)`, then stops it;
 * `kitOrigin` is a page's origin its test kit's routes answer.
 */
async function withDevServer(ctx, runtime, label, use, kitOrigin = undefined) {
  const [binary, args] = command(ctx, runtime, "dev-server.mjs");
  const served = kitOrigin === undefined ? [ctx.token] : [ctx.token, kitOrigin];
  const dev = await startProcess(binary, [...args, ...served], {
    cwd: ctx.consumer.smoke,
    ready: devServerUrls,
  });
  try {
    return await use({
      ...dev.value,
      token: ctx.token,
      receiverUrl: ctx.receiverUrl,
      hangingUrl: ctx.hangingUrl,
      label,
    });
  } finally {
    await dev.stop();
  }
}

/** Runs one smoke entry under `runtime`; its last stdout line is the results. */
async function smokeProcess(ctx, runtime, entry, config) {
  const [binary, args] = command(ctx, runtime, entry);
  const run = await runProcess(binary, [...args, JSON.stringify(config)], {
    cwd: ctx.consumer.smoke,
  });
  const lines = run.stdout.trim().split("\n");
  const results = jsonLine(lines[lines.length - 1] ?? "");
  if (!Array.isArray(results)) {
    const tail = `${run.stderr}${run.stdout}`.trim().split("\n").slice(-8).join("\n");
    throw new Error(`${runtime} ${entry} exited (${run.status}) without results:\n${tail}`);
  }
  return results;
}

const prefixed = (prefix, results) =>
  results.map((result) => ({ ...result, name: `${prefix}: ${result.name}` }));

/**
 * The clients under `runtime`, from each module system's entry, against a Node 20 dev
 * server; with `otel`, the @x/otel smoke (otel.mjs) too, from its own entries.
 */
function clients(runtime, moduleSystems, { otel = false } = {}) {
  return (ctx) =>
    withDevServer(ctx, "node20", runtime, async (config) => {
      const results = [];
      for (const system of moduleSystems) {
        const entry = system === "esm" ? "entry.mjs" : "entry.cjs";
        results.push(...prefixed(system, await smokeProcess(ctx, runtime, entry, config)));
        if (otel) {
          const otelEntry = system === "esm" ? "otel-entry.mjs" : "otel-entry.cjs";
          results.push(...prefixed(system, await smokeProcess(ctx, runtime, otelEntry, config)));
        }
      }
      return results;
    });
}

/** The dev server under `runtime`, with the Node 20 ESM clients against it. */
function devServer(runtime) {
  return (ctx) =>
    withDevServer(ctx, runtime, `dev-server on ${runtime}`, (config) =>
      smokeProcess(ctx, "node20", "entry.mjs", config),
    );
}

export const JOBS = [
  // @x/otel is smoked where server-side tracing runs: Node and Bun.
  { name: "node20", run: clients("node20", ["esm", "cjs"], { otel: true }) },
  { name: "node22", run: clients("node22", ["esm", "cjs"], { otel: true }) },
  { name: "node24", run: clients("node24", ["esm", "cjs"], { otel: true }) },
  { name: "bun", run: clients("bun", ["esm", "cjs"], { otel: true }) },
  { name: "deno", run: clients("deno", ["esm"]) },
  {
    name: "workerd",
    run: (ctx) =>
      withDevServer(ctx, "node20", "workerd", (config) =>
        runInWorkerd(binaryOf(ctx, "workerd"), ctx.consumer, config),
      ),
  },
  {
    name: "chromium",
    run: async (ctx) => {
      if (ctx.chromium instanceof Error) throw ctx.chromium;
      const page = await startPageServer(ctx.consumer.pageBundle);
      try {
        return await withDevServer(
          ctx,
          "node20",
          "chromium",
          (config) => runInBrowser(ctx.chromium.binary, page, config),
          new URL(page.url).origin,
        );
      } finally {
        await page.close();
      }
    },
  },
  { name: "dev-server on node22", run: devServer("node22") },
  { name: "dev-server on node24", run: devServer("node24") },
  { name: "dev-server on bun", run: devServer("bun") },
  { name: "dev-server on deno", run: devServer("deno") },
];
