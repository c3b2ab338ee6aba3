// Every VectorIndex method, so nothing of the class can be shaken off.
import { VectorIndex } from "@x/vector";

export default async function run(url: string, token: string) {
  const index = new VectorIndex({ url, token });
  const ns = index.namespace("docs");
  const found = await ns.query({ vector: [0.1, 0.2], topK: 5, includeMetadata: true });
  const many = await ns.queryMany([{ vector: [0.1, 0.2] }, { vector: [0.3, 0.4] }]);
  const records = await ns.fetch({ ids: ["a", "b"], includeMetadata: true });
  const page = await ns.range({ cursor: "0", limit: 10 });
  for await (const record of ns.rangeAll({ prefix: "doc-" })) records.push(record);
  return [found, many, records, page, await index.info()];
}
