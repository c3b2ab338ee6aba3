import type { ServiceName } from "@x/openapi-check";
import { filter, VectorIndex } from "@x/vector";
import { WorkflowClient, type WorkflowClientOptions } from "@x/workflow";
import { decodeBytes } from "./case-data.js";
import type { Json } from "./case-types.js";

/** The fetch both clients take: called as `fetch(url, init)`, like the global one. */
export type FetchFn = NonNullable<WorkflowClientOptions["fetch"]>;

type Method = (...args: unknown[]) => unknown;

/** The client a case calls: a WorkflowClient, or a VectorIndex (scoped when `namespace` is set). */
export function makeClient(
  service: ServiceName,
  options: Record<string, unknown>,
  fetch: FetchFn,
  namespace?: string,
): object {
  if (service === "workflow") {
    return new WorkflowClient({ ...(options as { token: string }), fetch });
  }
  const index = new VectorIndex({ ...(options as { token: string; url: string }), fetch });
  return namespace === undefined ? index : index.namespace(namespace);
}

/** Calls `call` on the client; iterations (`rangeAll`, `rangeAll.pages`) are collected. */
export async function invoke(client: object, call: string, args: unknown[]): Promise<unknown> {
  const [name, part] = call.split(".");
  const method = (client as Record<string, unknown>)[name ?? ""];
  if (typeof method !== "function") throw new Error(`the client has no method "${call}"`);
  const value = (method as Method).apply(client, args);
  if (name !== "rangeAll") return await value;
  const iterable =
    part === "pages"
      ? (value as { pages(): AsyncIterable<unknown> }).pages()
      : (value as AsyncIterable<unknown>);
  const items: unknown[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

type FilterBuilder = Record<string, (...args: unknown[]) => unknown>;

/**
 * Case data to call arguments: `$bytes` is a Uint8Array, `$date` a Date, `$headers` a
 * Headers object, `$aborted` an AbortSignal aborted with that reason, `$filter` a built filter.
 */
export function decodeArg(value: Json | undefined): unknown {
  const bytes = decodeBytes(value);
  if (bytes !== undefined) return bytes;
  if (Array.isArray(value)) return value.map(decodeArg);
  if (value === null || typeof value !== "object") return value;
  if ("$date" in value) return new Date(String(value.$date));
  if ("$headers" in value) return new Headers(value.$headers as Record<string, string>);
  if ("$aborted" in value) return AbortSignal.abort(new Error(String(value.$aborted)));
  if ("$filter" in value) {
    const [op, ...rest] = value.$filter as Json[];
    const build = (filter as unknown as FilterBuilder)[String(op)];
    if (build === undefined) throw new Error(`filter has no "${String(op)}"`);
    return build(...rest.map(decodeArg));
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeArg(v)]));
}
