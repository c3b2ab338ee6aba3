// The same methods through @upstash/vector's Index (its rangeAll equivalent is a range loop).
import { Index } from "@upstash/vector";

export default async function run(url: string, token: string) {
  const index = new Index({ url, token });
  const ns = index.namespace("docs");
  const found = await ns.query({ vector: [0.1, 0.2], topK: 5, includeMetadata: true });
  const many = await index.queryMany(
    [
      { vector: [0.1, 0.2], topK: 5 },
      { vector: [0.3, 0.4], topK: 5 },
    ],
    {
      namespace: "docs",
    },
  );
  const records = await ns.fetch(["a", "b"], { includeMetadata: true });
  let page = await ns.range({ cursor: "0", limit: 10 });
  while (page.nextCursor) page = await ns.range({ cursor: page.nextCursor, limit: 10 });
  return [found, many, records, page, await index.info()];
}
