import type { ClockMode } from "../clock/clock.js";
import { plural } from "../plural.js";
import type { IndexOptions } from "../vector/types.js";

export interface BannerInput {
  /** The interface both services bound, as `--host` gave it. */
  host: string;
  workflowUrl: string;
  vectorUrl: string;
  dashboardUrl: string;
  token: string;
  vector: IndexOptions;
  /** Seed records loaded at start. */
  seeded: number;
  seedFile?: string;
  clock: ClockMode;
}

function indexShape(index: IndexOptions): string {
  const type = index.type ?? "DENSE";
  if (type === "SPARSE") return "SPARSE";
  return `${type}, ${plural(index.dimension ?? 384, "dimension")}, ${index.metric ?? "COSINE"}`;
}

const LOOPBACK = ["127.0.0.1", "localhost", "::1"];

/** Where the services listen, and what that exposes when it is more than this machine. */
function boundLines(host: string): string[] {
  if (LOOPBACK.includes(host)) return [`  bound     ${host} (this machine only)`];
  const where = host === "0.0.0.0" || host === "::" ? "every interface" : host;
  return [
    `  bound     ${host} (${where}): reachable from other machines; anyone with the token can`,
    "            read and change every record and run, and add faults",
  ];
}

/** As one POSIX shell word: as is when it is plainly safe, else single-quoted. */
function shellWord(text: string): string {
  if (/^[\w./:@%+=,-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * What `x-dev start` prints once both services listen: the addresses, environment lines
 * the clients read as they are, one curl per service and the dashboard. Every line is
 * meant to be pasted, so the token is printed in full: it is a local, per-start secret.
 */
export function banner(input: BannerInput): string {
  const { workflowUrl, vectorUrl, token } = input;
  const auth = `-H ${shellWord(`Authorization: Bearer ${token}`)}`;
  // Your app's endpoint; with nothing listening there, the run shows retries and a failure call.
  const sampleTarget = "http://localhost:3000/api/workflow";
  return [
    "x-dev: local services are running",
    ...boundLines(input.host),
    `  workflow  ${workflowUrl}`,
    `  vector    ${vectorUrl}  (${indexShape(input.vector)})`,
    `  token     ${token}`,
    `  dashboard ${input.dashboardUrl}`,
    ...(input.seedFile === undefined
      ? []
      : [`  seed      ${plural(input.seeded, "record")} loaded from ${input.seedFile}`]),
    ...(input.clock === "manual"
      ? [
          "  clock     manual: time moves only when POST /v2/dev/clock (or the dashboard) advances it",
        ]
      : []),
    "",
    "Environment for the clients (paste into your shell or a .env file):",
    [
      `WORKFLOW_URL=${shellWord(workflowUrl)}`,
      `WORKFLOW_TOKEN=${shellWord(token)}`,
      `VECTOR_URL=${shellWord(vectorUrl)}`,
      `VECTOR_TOKEN=${shellWord(token)}`,
    ].join(" "),
    "",
    "Try:",
    `  curl -X POST ${workflowUrl}/v2/trigger/${sampleTarget} ${auth} \\`,
    `    -H 'Content-Type: application/json' -H 'Svc-Retries: 2' -d '{"hello":"world"}'`,
    `  curl ${shellWord(`${workflowUrl}/v2/dev/runs?state=retrying&limit=20`)} ${auth}`,
    `  curl ${vectorUrl}/info ${auth}`,
    "",
    "Press Ctrl+C to stop.",
    "",
  ].join("\n");
}
