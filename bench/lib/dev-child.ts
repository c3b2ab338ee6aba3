// Runs @x/dev-server in its own process, as `x-dev start` would, so the client side of a
// bench does not share its event loop. Prints the addresses as one JSON line; stops when
// its stdin closes. Argument: JSON { dimension, seedCount }.
import { startDevServer } from "@x/dev-server";
import { random, records } from "./data";

const { dimension = 384, seedCount = 0 } = JSON.parse(process.argv[2] ?? "{}") as {
  dimension?: number;
  seedCount?: number;
};
const dev = await startDevServer({
  index: { dimension, metric: "COSINE", type: "DENSE" },
  seed: records(random(7), dimension, seedCount),
});
process.stdout.write(
  `${JSON.stringify({ workflowUrl: dev.workflowUrl, vectorUrl: dev.vectorUrl, token: dev.token })}\n`,
);
process.stdin.resume();
process.stdin.on("end", () => {
  dev.close().then(() => process.exit(0));
});
