// The command line of `x-dev probe`: which live service to check, with which token, and
// for the workflow service the user's own endpoint its trigger will call.
import { parseArgs } from "node:util";
import { explainParseError, UsageError } from "../cli/usage.js";
import { liveUrlProblem } from "../import/options.js";

/** What `x-dev probe` checks. */
export type ProbeTarget =
  | { service: "vector"; url: string; token: string }
  | { service: "workflow"; baseUrl: string; token: string; endpoint: string };

export const PROBE_FLAGS = {
  vector: { type: "string" },
  workflow: { type: "string" },
  token: { type: "string" },
  url: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export const PROBE_USAGE = `Usage: x-dev probe --vector <URL> [--token <token>]
       x-dev probe --workflow <URL> --url <your endpoint> [--token <token>]

Checks that a live service answers as the spec our clients are generated from says,
through the spec guard (@x/vector/guard, @x/workflow/guard), and prints a table of what
conforms and what drifted. Nothing of an answer but its types is printed, and never the token.

  --vector <URL>     the vector index: reads its info, one range page, a query with a
                     random vector (topK 1) and a fetch of one id. Writes nothing.
  --workflow <URL>   the workflow service: triggers one run that calls --url. It is the
                     only probe that changes anything, so it runs only with --url.
  --url <URL>        your own endpoint, for --workflow: the run calls it as any run would.
  --token <token>    the service's token; default: VECTOR_TOKEN or WORKFLOW_TOKEN from the
                     environment (which keeps it out of your shell's history).

Exit code: 0 when every call answered and conforms, 1 when an answer drifted or a call
failed, 2 on a usage error.
`;

/** An http(s) URL without user or password, or a UsageError naming the flag (never the URL). */
function httpUrl(value: string, flag: string): string {
  const problem = liveUrlProblem(value);
  if (problem !== undefined) throw new UsageError(`${flag} ${problem}`);
  return value;
}

/** The token from --token, else from `variable` in `env`. */
function tokenOf(given: string | undefined, variable: string, env: NodeJS.ProcessEnv): string {
  const token = given ?? env[variable];
  if (token === undefined || token === "") {
    throw new UsageError(`give the service's token: --token <token>, or set ${variable}`);
  }
  return token;
}

/** The target of `argv` (the arguments after `probe`), "help" for --help; else a UsageError. */
export function probeTarget(argv: string[], env: NodeJS.ProcessEnv): ProbeTarget | "help" {
  let values: { [K in keyof typeof PROBE_FLAGS]?: K extends "help" ? boolean : string };
  try {
    ({ values } = parseArgs({ args: argv, options: PROBE_FLAGS, strict: true }));
  } catch (error) {
    throw explainParseError(error as Error, Object.keys(PROBE_FLAGS));
  }
  if (values.help) return "help";
  if ((values.vector === undefined) === (values.workflow === undefined)) {
    throw new UsageError("give one service to probe: --vector <URL> or --workflow <URL>");
  }
  if (values.vector !== undefined) {
    if (values.url !== undefined) throw new UsageError("--url goes with --workflow, not --vector");
    const url = httpUrl(values.vector, "--vector");
    return { service: "vector", url, token: tokenOf(values.token, "VECTOR_TOKEN", env) };
  }
  const baseUrl = httpUrl(values.workflow as string, "--workflow");
  if (values.url === undefined) {
    throw new UsageError(
      "--workflow triggers a run, which calls your endpoint: give it as --url <URL>",
    );
  }
  const endpoint = httpUrl(values.url, "--url");
  return {
    service: "workflow",
    baseUrl,
    endpoint,
    token: tokenOf(values.token, "WORKFLOW_TOKEN", env),
  };
}
