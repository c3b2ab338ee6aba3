// `pnpm start`: builds what the demo imports without printing the build log (shown only
// when the build fails), then runs the quick start with its own output.
import { spawn } from "node:child_process";

function run(command, args, quiet) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      shell: process.platform === "win32",
    });
    let log = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => {
        log += chunk;
      });
      child.stderr.on("data", (chunk) => {
        log += chunk;
      });
    }
    child.on("error", (error) => resolve({ code: 1, log: `${log}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, log }));
  });
}

process.stdout.write("Building the packages (the log is shown only if the build fails)...\n");
const build = await run("pnpm", ["exec", "turbo", "run", "build", "docs:render"], true);
if (build.code !== 0) {
  process.stderr.write(`${build.log}\nThe build failed (exit ${build.code}); its log is above.\n`);
  process.exit(build.code);
}
const demo = await run("pnpm", ["--silent", "--filter", "@x/examples", "quickstart"], false);
process.exit(demo.code);
