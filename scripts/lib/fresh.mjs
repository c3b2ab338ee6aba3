// What `pnpm fresh:time` (scripts/fresh-run.mjs) reads and sets up, apart from running it:
// the README's commands, a newcomer's environment, and the stage table of a check's output.
import { delimiter, join } from "node:path";

/** The README's commands, by the pnpm script each ends with: `{ start: "npm i -g ...", ... }`. */
export function readmeCommands(readme) {
  const commands = {};
  for (const line of readme.split("\n")) {
    const match = /^npm i -g pnpm@\S+ && .* && pnpm (\S+)$/.exec(line.trim());
    if (match) commands[match[1]] = line.trim();
  }
  return commands;
}

/**
 * The environment of a newcomer's shell: this one's, less what pnpm set for the script that
 * runs this one (npm_config_*, npm_lifecycle_*, PNPM_*), with HOME, every cache and the
 * temporary folder in `base` (tools keep caches there too: tsx its compiled files), and the
 * prefix npm installs pnpm into first on the PATH.
 */
export function freshEnv(env, base) {
  const fresh = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^(npm_|pnpm_|PNPM_|COREPACK_|XDG_|TURBO_(?!TELEMETRY)|VITEST|INIT_CWD$)/.test(key))
      continue;
    fresh[key] = value;
  }
  const home = join(base, "home");
  const prefix = join(base, "prefix");
  return {
    ...fresh,
    HOME: home,
    TMPDIR: join(base, "tmp"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local/share"),
    XDG_STATE_HOME: join(home, ".local/state"),
    COREPACK_HOME: join(home, ".cache/node/corepack"),
    npm_config_prefix: prefix,
    npm_config_cache: join(home, ".npm"),
    npm_config_store_dir: join(home, ".local/share/pnpm/store"),
    PATH: `${join(prefix, "bin")}${delimiter}${env.PATH ?? ""}`,
  };
}

/** The stage table of `pnpm check`'s output, from its title to the `wall` row. */
export function stageTable(output) {
  const lines = output.split("\n");
  const from = lines.findLastIndex((line) => line.startsWith("Stage seconds of this run"));
  if (from === -1) return [];
  const to = lines.findIndex((line, i) => i > from && line.startsWith("wall"));
  return lines.slice(from, to === -1 ? undefined : to + 1);
}
