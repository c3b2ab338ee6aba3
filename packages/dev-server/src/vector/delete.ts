// The dev-only delete route, as the official SDK calls it: by exactly one of ids, an id
// prefix or a metadata filter, as the service deletes.
import { InvalidInputError } from "./errors.js";
import { matches } from "./filter-eval.js";
import { filterField } from "./filter-field.js";
import { FilterWork } from "./filter-work.js";
import type { VectorLimits } from "./limits.js";
import type { Namespace } from "./namespace.js";

/** What one delete removes: these ids, the ids with this prefix, or what the filter accepts. */
export type DeleteCriterion = { ids: string[] } | { prefix: string } | { filter: string };

/** The service's own words for a body with more (or fewer) than one criterion. */
const ONE_DELETE_CRITERION = "Only and only one of the ids, prefix, or filter must be provided.";

const CRITERIA = ["ids", "prefix", "filter"] as const;

function bad(message: string): never {
  throw new InvalidInputError(message);
}

/** An id as the SDK may send it: a string, or a number it stands for. */
function idOf(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") bad("ids: must be strings");
  return value;
}

/**
 * Reads `{ ids }`, `{ prefix }` or `{ filter }` (`ids` one id or an array), or the ids
 * alone: one id or an array of them.
 */
export function deleteBody(body: unknown): DeleteCriterion {
  if (Array.isArray(body)) return { ids: body.map(idOf) };
  if (typeof body !== "object" || body === null) return { ids: [idOf(body)] };
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!(CRITERIA as readonly string[]).includes(key)) {
      bad(`${key}: unknown field; delete by ids, prefix or filter`);
    }
  }
  const given = CRITERIA.filter((key) => fields[key] !== undefined);
  if (given.length !== 1) bad(ONE_DELETE_CRITERION);
  const { ids, prefix, filter } = fields;
  if (ids !== undefined) return { ids: Array.isArray(ids) ? ids.map(idOf) : [idOf(ids)] };
  if (prefix !== undefined) {
    if (typeof prefix !== "string") bad("prefix: must be a string");
    return { prefix };
  }
  if (typeof filter !== "string" || filter.trim() === "") bad("filter: must be a non-empty string");
  return { filter };
}

/**
 * The ids the criterion names: as given, or those of `ns` with the prefix or through the
 * filter. A filter over its limits is refused here, before anything is deleted.
 */
export function idsToDelete(
  ns: Namespace,
  criterion: DeleteCriterion,
  limits: VectorLimits,
): string[] {
  if ("ids" in criterion) return criterion.ids;
  if ("prefix" in criterion) return ns.ids().filter((id) => id.startsWith(criterion.prefix));
  // deleteBody refused an empty filter, so this one parses to a condition.
  const filter = filterField(criterion.filter, limits, "filter")!;
  const work = new FilterWork(limits.maxFilterSteps);
  return ns.ids().filter((id) => matches(filter, ns.records.get(id)!.metadata, work));
}
