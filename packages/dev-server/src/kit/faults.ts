// `dev.faults`: fault rules added, listed and cleared from code, as `/v2/dev/faults` does.
import { ValidationError } from "@x/core";
import type { FaultRule, FaultSet, FaultView } from "../faults/faults.js";

/** `dev.faults`: make requests to either service fail on purpose. */
export interface DevFaults {
  /**
   * Adds a rule; the next matching request with the token (up to `times`, 1 by default) gets
   * the fault instead of its answer, and what it would have done is not done. Resolves with
   * the rule's id. Throws a ValidationError naming the field at fault, and for a path that
   * matches no route of the service, the routes it could mean.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * // The next two queries answer 503 with Retry-After; the third is answered as usual.
   * const id = await dev.faults.add({
   *   service: "vector",
   *   operation: "query", // or a path: "/query/movies"
   *   status: 503,
   *   headers: { "retry-after": "1" },
   *   times: 2,
   * });
   * await dev.faults.add({ service: "workflow", drop: "reset" }); // the next trigger's connection
   * ```
   */
  add(rule: FaultRule): Promise<string>;
  /**
   * Every rule in the order added, with how many more requests each applies to and how many
   * it has been applied to (a used-up rule stays listed with `times: 0` until cleared).
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * for (const fault of await dev.faults.list()) console.log(fault.id, fault.hits, fault.times);
   * ```
   */
  list(): Promise<FaultView[]>;
  /**
   * Removes the rule `id`, or every rule without one. Throws a ValidationError for an unknown id.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * const id = await dev.faults.add({ service: "vector", status: 500, times: Infinity });
   * await dev.faults.clear(id);
   * await dev.faults.clear(); // every rule
   * ```
   */
  clear(id?: string): Promise<void>;
}

export function devFaults(faults: FaultSet): DevFaults {
  return {
    async add(rule) {
      return faults.add(rule);
    },
    async list() {
      return faults.list();
    },
    async clear(id) {
      if (id !== undefined && (typeof id !== "string" || !faults.clear(id))) {
        throw new ValidationError(
          "id",
          `no fault with id ${JSON.stringify(id)}; see dev.faults.list()`,
        );
      }
      if (id === undefined) faults.clear();
    },
  };
}
