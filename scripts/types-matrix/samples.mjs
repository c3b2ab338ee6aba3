// The programs the types matrix compiles, as a user's project holds them: the API
// reference's samples (docs/samples), every `ts` code block of the READMEs and the testing
// guide, and the strict consumer (test/types, which uses every public package root). Each
// is written into the consumer project as a file of its own, grouped by where it comes from.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The documents whose `ts` blocks are samples: the root README, each package's, the guides. */
function documents() {
  const readmes = readdirSync(join(ROOT, "packages"))
    .map((folder) => join("packages", folder, "README.md"))
    .filter((path) => existsSync(join(ROOT, path)));
  const guides = readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md") && name !== "README.md")
    .map((name) => join("docs", name));
  return ["README.md", ...readmes, ...guides];
}

/** The `ts` fenced blocks of a Markdown text, in order. */
export function tsBlocks(markdown) {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1]);
}

/**
 * Writes every sample under `folder` (the project's `samples/`) and returns them as
 * `{ group, file }`, `file` relative to the project: `group` names where they come from
 * ("docs/samples", "packages/vector/README.md", "strict consumer").
 */
export function writeSamples(folder) {
  const samples = [];
  const add = (group, name, text) => {
    const dir = join(folder, group.replace(/[^\w.-]+/g, "_"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), text);
    samples.push({ group, file: join("samples", basename(dir), name) });
  };

  const reference = join(ROOT, "docs/samples");
  for (const service of readdirSync(reference, { withFileTypes: true })) {
    if (!service.isDirectory()) continue;
    for (const name of readdirSync(join(reference, service.name))) {
      if (!name.endsWith(".ts")) continue;
      const text = readFileSync(join(reference, service.name, name), "utf8");
      add("docs/samples", `${service.name}-${name}`, text);
    }
  }
  for (const document of documents()) {
    tsBlocks(readFileSync(join(ROOT, document), "utf8")).forEach((code, i) => {
      // A module of its own (top-level await, no clash of names between blocks).
      add(document, `block-${String(i + 1).padStart(2, "0")}.ts`, `${code}\nexport {};\n`);
    });
  }
  // Not a sample: the names the README fragments take from their prose.
  cpSync(
    fileURLToPath(new URL("readme-context.d.ts", import.meta.url)),
    join(folder, "readme-context.d.ts"),
  );
  const consumer = join(ROOT, "test/types");
  for (const name of readdirSync(consumer).filter((file) => file.endsWith(".ts"))) {
    cpSync(join(consumer, name), join(folder, "strict-consumer", name));
    samples.push({ group: "strict consumer", file: join("samples", "strict-consumer", name) });
  }
  return samples;
}
