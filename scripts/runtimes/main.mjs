// `pnpm test:runtimes`: the packed packages, installed as a user would, run one smoke suite
// (test/runtimes/smoke.mjs) on every runtime of the matrix against a dev server on
// 127.0.0.1, and the dev server itself runs on every server runtime. Prints one line per
// job and writes the totals to .check-results/runtimes.json for `pnpm check`'s closing line.
// `pnpm test:runtimes node22 chromium` runs only the jobs named. `--install-only` installs the
// runtimes missing from the cache and stops: `pnpm check` runs it in the background from its
// start, so the downloads overlap the gates and the build instead of opening this stage.
import { randomBytes } from "node:crypto";
import { runCountedStage } from "../lib/counted-stage.mjs";
import { mapBounded } from "../lib/map-bounded.mjs";
import { findChromium, installRuntime, RUNTIMES } from "./cache.mjs";
import { prepareConsumer } from "./consumer.mjs";
import { JOBS } from "./jobs.mjs";
import { startHangingEndpoint, startReceiver } from "./servers.mjs";

// Two cores: two jobs at a time keep each one's timings honest and the total short.
const PARALLEL_JOBS = 2;
// A job takes 5-30 s on a loaded 2-core machine; one that hangs must not hold CI.
const JOB_DEADLINE_MS = 180_000;

/**
 * Runs a job; a setup failure (a runtime missing, a process that crashed) or a job still
 * running at the deadline counts as one failed case.
 */
async function runJob(job, ctx) {
  const started = performance.now();
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`did not finish within ${JOB_DEADLINE_MS / 1000} s`)),
      JOB_DEADLINE_MS,
    );
  });
  let results;
  try {
    results = await Promise.race([job.run(ctx), deadline]);
  } catch (error) {
    results = [{ name: "setup", ok: false, error: String(error?.message ?? error) }];
  } finally {
    clearTimeout(timer);
  }
  return { job, results, seconds: (performance.now() - started) / 1000 };
}

/** Every runtime from the cache, installed in parallel where missing; an Error where it cannot be. */
async function installAll() {
  const names = Object.keys(RUNTIMES);
  const settled = await Promise.allSettled(names.map((name) => installRuntime(name)));
  const runtimes = {};
  names.forEach((name, i) => {
    const outcome = settled[i];
    if (outcome.status === "fulfilled") {
      runtimes[name] = outcome.value;
    } else {
      console.log(`runtimes: ${name} could not be installed: ${outcome.reason.message}`);
      runtimes[name] = outcome.reason;
    }
  });
  return runtimes;
}

/** "node22 22.23.3, bun 1.4.5, deno missing, ...": each runtime's version, or that it is missing. */
function versions(runtimes) {
  return Object.entries(runtimes)
    .map(([name, installed]) =>
      installed instanceof Error ? `${name} missing` : `${name} ${installed.version}`,
    )
    .join(", ");
}

/** Chromium's binary and version, or an Error saying how to install it. */
function chromiumOrError() {
  try {
    return findChromium();
  } catch (error) {
    console.log(`runtimes: ${error.message}`);
    return error;
  }
}

function report(outcomes) {
  let passed = 0;
  let failed = 0;
  for (const { job, results } of outcomes) {
    const bad = results.filter((result) => !result.ok);
    for (const result of bad) {
      const detail = result.error.split("\n").slice(0, 6).join("\n    ");
      console.log(`  ${job.name} / ${result.name} failed:\n    ${detail}`);
    }
    const good = results.length - bad.length;
    console.log(`runtime ${job.name}: ${good} passed, ${bad.length} failed`);
    passed += good;
    failed += bad.length;
  }
  const times = outcomes.map(({ job, seconds }) => `${job.name} ${seconds.toFixed(1)} s`);
  console.log(`runtimes: job times ${times.join(", ")}`);
  return { passed, failed };
}

async function main(names) {
  const unknown = names.filter((name) => !JOBS.some((job) => job.name === name));
  if (unknown.length) {
    throw new Error(
      `unknown runtime ${unknown.join(", ")}; known: ${JOBS.map((j) => j.name).join(", ")}`,
    );
  }
  const jobs = names.length ? JOBS.filter((job) => names.includes(job.name)) : JOBS;
  const started = performance.now();
  const runtimes = await installAll();
  const chromium = chromiumOrError();
  console.log(
    `runtimes: node20 ${process.version}, ${versions(runtimes)}, chromium ${chromium.version ?? "missing"}`,
  );
  const installed = performance.now();
  const consumer = await prepareConsumer();
  const seconds = (from, to) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(
    `runtimes: found or installed in ${seconds(started, installed)}; tarballs built, packed and installed in ${seconds(installed, performance.now())}`,
  );
  const receiver = await startReceiver();
  const hanging = await startHangingEndpoint();
  const ctx = {
    runtimes,
    chromium,
    consumer,
    token: `smoke_${randomBytes(12).toString("hex")}`,
    receiverUrl: `${receiver.url}/workflow`,
    hangingUrl: hanging.url,
  };
  try {
    const outcomes = await mapBounded(jobs, PARALLEL_JOBS, (job) => runJob(job, ctx));
    const totals = report(outcomes);
    console.log(
      `runtimes: ${totals.passed} passed, ${totals.failed} failed in ${seconds(started, performance.now())}`,
    );
    return totals;
  } finally {
    await Promise.all([receiver.close(), hanging.close()]);
    consumer.remove();
  }
}

if (process.argv.includes("--install-only")) {
  // Never fails: a runtime it could not install is tried again, and counted, by the run.
  const runtimes = await installAll();
  console.log(`runtimes: in the cache: ${versions(runtimes)}`);
  process.exit(0);
}
await runCountedStage(
  "runtimes",
  () => main(process.argv.slice(2)),
  () => console.log("runtime setup: 0 passed, 1 failed"),
);
// A job abandoned at its deadline may still hold a child process or a browser.
process.exit();
