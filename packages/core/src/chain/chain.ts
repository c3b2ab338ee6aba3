import type { MergedOptions, Middleware } from "openapi-fetch";
import { middlewarePolicy } from "./middleware";
import type { ChainRequest, Next, Policy } from "./policy";

// One call's pass through the chain: each policy gets the request and the rest of the
// chain as `next`, in order, and the last `next` is the attempt (attempt.ts).

/** Runs `request` through `policies`, in order, then `last`. */
export function runChain(
  policies: readonly Policy[],
  request: ChainRequest,
  last: Next,
): Promise<Response> {
  const from =
    (index: number): Next =>
    (current) => {
      const policy = policies[index];
      return policy === undefined ? last(current) : policy(current, from(index + 1));
    };
  return from(0)(request);
}

/** What `use` takes: a policy, or an openapi-fetch middleware object. */
export type PolicyLike = Policy | Middleware;

/**
 * The user's policies of one client, with `use` and `eject`. `items` is never changed in
 * place: `use` and `eject` replace it, so a call that began keeps the list it began with.
 */
export interface PolicyList {
  readonly items: readonly Policy[];
  use(...added: PolicyLike[]): void;
  eject(...removed: PolicyLike[]): void;
}

/** The list of one client; `options` is what middleware sees as openapi-fetch's options. */
export function createPolicyList(options: MergedOptions): PolicyList {
  let items: readonly Policy[] = [];
  // The policy each middleware object was turned into, so `eject` finds it.
  const adapted = new Map<Middleware, Policy>();
  return {
    get items() {
      return items;
    },
    // All are checked before any is added, so a bad one leaves nothing half-added.
    use(...added) {
      const policies = added.map((one) => {
        if (typeof one === "function") return one;
        const policy = middlewarePolicy(one, options);
        adapted.set(one, policy);
        return policy;
      });
      if (policies.length > 0) items = [...items, ...policies];
    },
    eject(...removed) {
      const kept = [...items];
      for (const one of removed) {
        const policy = typeof one === "function" ? one : adapted.get(one);
        const at = policy === undefined ? -1 : kept.indexOf(policy);
        if (at !== -1) kept.splice(at, 1);
      }
      if (kept.length !== items.length) items = kept;
    },
  };
}
