import { filter, VectorIndex } from "@x/vector";

// Reads VECTOR_URL and VECTOR_TOKEN: the REST address
// and token of the index (or of `pnpm x-dev start`).
interface Movie {
  genre: string;
  year: number;
}
const index = VectorIndex.fromEnv<Movie>();

// The 5 nearest vectors, highest score first. The filter
// builder quotes every value it is given.
const results = await index.query({
  vector: [0.1, 0.2, 0.3],
  topK: 5,
  includeMetadata: true,
  filter: filter.and(
    filter.eq("genre", "sci-fi"),
    filter.gte("year", 2000),
  ),
});
for (const { id, score, metadata } of results) {
  console.log(id, score, metadata?.genre);
}
