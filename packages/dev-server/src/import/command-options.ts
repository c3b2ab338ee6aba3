// The flags of `x-dev import` and the import they make: parsed and checked here, apart from
// the command that runs it, so each flag's effect can be tested.
import { parseArgs } from "node:util";
import { UsageError } from "../cli/usage.js";
import { liveUrlProblem } from "./options.js";

// The flags parseArgs accepts; their names also feed the "did you mean" of an unknown one.
export const IMPORT_FLAGS = {
  from: { type: "string" },
  token: { type: "string" },
  namespace: { type: "string", multiple: true },
  state: { type: "string" },
  "page-size": { type: "string" },
  "max-retries": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export const IMPORT_USAGE = `Usage: x-dev import --from <vector URL> --state <file> [options]

Copies a live vector index (every namespace, or those named) into the state file that
"x-dev start --state <file>" serves. Stop any x-dev using that file first.

  --from URL          REST URL of the live index
  --token TOKEN       its token (sent to URL only; never printed); default: VECTOR_TOKEN
                      from the environment, which keeps it out of your shell's history
                      and of the process list: prefer it
  --state FILE        the state file to import into; created with the live index's type,
                      dimension and metric when it does not exist
  --namespace NAME    a namespace to import ("" is the default one); repeat for more;
                      every namespace when absent
  --page-size N       records per range request (default: as many as fit an answer's
                      bounds, at most 1000; 669 of 384 dimensions)
  --max-retries N     HTTP retries of each request, as the client's maxRetries (default 2)

Ctrl+C stops it between two pages and saves what was imported; running the same command
again resumes where it stopped (FILE.import holds where), with no record twice or missed.
`;

export interface ImportCommand {
  url: string;
  token: string;
  stateFile: string;
  namespaces: string[] | undefined;
  pageSize: number | undefined;
  maxRetries: number | undefined;
}

function integer(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${flag} must be an integer of at least ${min} (got "${value}")`);
  }
  return Number(value);
}

/**
 * The import these arguments (after `import`) ask for, the token from `--token` or else
 * VECTOR_TOKEN in `env`; a UsageError for a bad or missing flag.
 */
export function importCommand(args: string[], env: NodeJS.ProcessEnv): ImportCommand | "help" {
  const { values, positionals } = parseArgs({
    args,
    options: IMPORT_FLAGS,
    strict: true,
    allowPositionals: true,
  });
  if (values.help) return "help";
  if (positionals.length > 0) {
    throw new UsageError(`import takes flags only, got "${positionals.join(" ")}"`);
  }
  for (const flag of ["from", "state"] as const) {
    if (values[flag] === undefined || values[flag] === "") {
      throw new UsageError(`import needs --${flag}`);
    }
  }
  const problem = liveUrlProblem(values.from);
  if (problem !== undefined) throw new UsageError(`--from ${problem}`);
  const token = values.token ?? env.VECTOR_TOKEN;
  if (token === undefined || token === "") {
    throw new UsageError("import needs the live index's token: set VECTOR_TOKEN, or pass --token");
  }
  return {
    url: values.from as string,
    token,
    stateFile: values.state as string,
    namespaces: values.namespace,
    pageSize: integer(values["page-size"], "--page-size", 1),
    maxRetries: integer(values["max-retries"], "--max-retries", 0),
  };
}
