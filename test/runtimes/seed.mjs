// The index every smoke run starts from: the dev server is seeded with these records, and
// the smoke cases expect answers computed from them (3 dimensions, COSINE).
export const DIMENSION = 3;

export const SEED = [
  { id: "doc-1", vector: [1, 0, 0], metadata: { genre: "sci-fi", year: 1999 } },
  { id: "doc-2", vector: [0.9, 0.1, 0], metadata: { genre: "sci-fi", year: 2015 } },
  { id: "doc-3", vector: [0, 1, 0], metadata: { genre: "drama", year: 2010 } },
  { id: "doc-4", vector: [0.8, 0, 0.2], metadata: { genre: "sci-fi", year: 2021 } },
  { id: "note-1", vector: [0, 0, 1], metadata: { genre: "note", year: 2020 } },
  { id: "note-2", vector: [0, 0.2, 0.9], metadata: { genre: "note", year: 2022 } },
];
