// What the vector data layer (store, readers, query parsing, search) throws. It knows nothing
// of HTTP: the service maps each class to a status and the error body in one place.

/** Input the index cannot take: a malformed field, the wrong kind of vector, a bad cursor. */
export class InvalidInput extends Error {
  /** Always `"InvalidInput"`, so logs and `error.name` checks name the class. */
  override name = "InvalidInput";
}

/** A dense vector whose length is not the index's dimension. */
export class DimensionMismatch extends InvalidInput {
  /** Always `"DimensionMismatch"`, so logs and `error.name` checks name the class. */
  override name = "DimensionMismatch";
}

/** A namespace that was never created (or was dropped by a reset). */
export class NamespaceNotFound extends Error {
  /** Always `"NamespaceNotFound"`, so logs and `error.name` checks name the class. */
  override name = "NamespaceNotFound";
}
