// Every VectorIndex method with the spec guard: compare with x-vector.ts, which does not
// import `@x/vector/guard` and so carries none of it.
import { VectorIndex } from "@x/vector";
import { specGuard } from "@x/vector/guard";

export default async function run(url: string, token: string) {
  const index = new VectorIndex({ url, token });
  const guard = specGuard({ mode: "collect" });
  index.use(guard);
  const ns = index.namespace("docs");
  const found = await ns.query({ vector: [0.1, 0.2], topK: 5, includeMetadata: true });
  const many = await ns.queryMany([{ vector: [0.1, 0.2] }, { vector: [0.3, 0.4] }]);
  const records = await ns.fetch({ ids: ["a", "b"], includeMetadata: true });
  const page = await ns.range({ cursor: "0", limit: 10 });
  for await (const record of ns.rangeAll({ prefix: "doc-" })) records.push(record);
  return [found, many, records, page, await index.info(), guard.report()];
}
