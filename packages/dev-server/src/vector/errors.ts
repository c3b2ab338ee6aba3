// What the vector data layer (store, readers, query parsing, search) throws. It knows nothing
// of HTTP: the service maps each class to a status and the error body in one place.

/** Input the index cannot take: a malformed field, the wrong kind of vector, a bad cursor. */
export class InvalidInputError extends Error {
  /** Always `"InvalidInputError"`, so logs and `error.name` checks name the class. */
  override name = "InvalidInputError";
}

/** A dense vector whose length is not the index's dimension. */
export class DimensionMismatchError extends InvalidInputError {
  /** Always `"DimensionMismatchError"`, so logs and `error.name` checks name the class. */
  override name = "DimensionMismatchError";
}

/** A namespace that was never created (or was dropped by a reset). */
export class NamespaceNotFoundError extends Error {
  /** Always `"NamespaceNotFoundError"`, so logs and `error.name` checks name the class. */
  override name = "NamespaceNotFoundError";
}
