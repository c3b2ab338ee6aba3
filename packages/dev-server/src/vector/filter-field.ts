import { InvalidInputError } from "./errors.js";
import { type FilterNode, FilterSyntaxError, parseFilter } from "./filter-parse.js";

/**
 * The filter of a request's `field` (query, scan, delete), its syntax errors as invalid
 * input naming the field; `undefined` for an empty filter.
 */
export function filterField(
  source: string,
  maxGlobLength: number,
  field: string,
): FilterNode | undefined {
  try {
    return parseFilter(source, maxGlobLength);
  } catch (err) {
    if (err instanceof FilterSyntaxError) throw new InvalidInputError(`${field}: ${err.message}`);
    throw err;
  }
}
