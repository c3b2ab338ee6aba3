import { InvalidInputError } from "./errors.js";
import { type FilterNode, FilterSyntaxError, parseFilter } from "./filter-parse.js";
import type { VectorLimits } from "./limits.js";

/**
 * The filter of a request's `field` (query, scan, delete), its syntax errors as invalid
 * input naming the field; `undefined` for an empty filter. Its length is checked before
 * it is read, on every route that takes one.
 */
export function filterField(
  source: string,
  limits: Pick<VectorLimits, "maxFilterLength" | "maxGlobLength">,
  field: string,
): FilterNode | undefined {
  if (source.length > limits.maxFilterLength) {
    throw new InvalidInputError(
      `${field}: the filter is ${source.length} characters, over this server's limit of ${limits.maxFilterLength}; shorten it, or start the dev server with --max-filter-length to raise it`,
    );
  }
  try {
    return parseFilter(source, limits.maxGlobLength);
  } catch (err) {
    if (err instanceof FilterSyntaxError) throw new InvalidInputError(`${field}: ${err.message}`);
    throw err;
  }
}
