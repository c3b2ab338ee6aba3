import { filter, VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN (the index's REST address and token).
const index = VectorIndex.fromEnv<{ genre: string; year: number }>();

// The 5 nearest vectors, highest score first; the filter builder quotes every value.
const results = await index.query({
  vector: [0.1, 0.2, 0.3],
  topK: 5,
  includeMetadata: true,
  filter: filter.and(filter.eq("genre", "sci-fi"), filter.gte("year", 2000)),
});
for (const { id, score, metadata } of results) console.log(id, score, metadata?.genre);
