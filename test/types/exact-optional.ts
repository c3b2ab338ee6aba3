// How a user's compiler sees the public types under `exactOptionalPropertyTypes`: every
// optional field of every input type takes `undefined` (a variable that may be undefined
// passes through as is), and every type parameter that stands for user data takes an
// interface as well as a type alias. Compiled by `pnpm typecheck` (test/types/tsconfig.json);
// nothing here runs.
import type { ClientOptions, FetchOptions, RequestOptions } from "@x/core";
import {
  type DevServerOptions,
  type FaultRule,
  type ImportOptions,
  type IndexOptions,
  type NamespaceOption,
  type RunsListOptions,
  type SeedRecord,
  startDevServer,
  type VectorRecordInput,
  type VectorServiceOptions,
  type WaitForOptions,
  type WorkflowServiceOptions,
} from "@x/dev-server";
import { type TracingOptions, tracing } from "@x/otel";
import {
  type FetchByIds,
  type FetchByPrefix,
  filter,
  type IncludeOptions,
  type Query,
  type RangeAllRequest,
  type RangeRequest,
  VectorIndex,
  type VectorIndexOptions,
} from "@x/vector";
import {
  type FailureCallback,
  type FlowControl,
  type TriggerRequest,
  WorkflowClient,
  type WorkflowClientOptions,
} from "@x/workflow";

/**
 * The optional keys of `T` (of each member, for a union) that refuse `undefined`: `never`
 * when every one takes it. A key named here is the field a user's variable cannot pass.
 */
type RefusingUndefined<T> = T extends unknown
  ? {
      [K in keyof T]-?: Partial<Pick<T, K>> extends Pick<T, K>
        ? { [P in K]: undefined } extends Pick<T, K>
          ? never
          : K
        : never;
    }[keyof T]
  : never;

/** Compiles only when `Keys` is `never`; the error names the keys otherwise. */
type NoneOf<Keys extends never> = Keys;

// Each input type, field by field (nested input objects as types of their own).
export type Inputs = [
  NoneOf<RefusingUndefined<ClientOptions>>,
  NoneOf<RefusingUndefined<RequestOptions>>,
  NoneOf<RefusingUndefined<FetchOptions>>,
  NoneOf<RefusingUndefined<VectorIndexOptions>>,
  NoneOf<RefusingUndefined<RangeRequest>>,
  NoneOf<RefusingUndefined<RangeAllRequest>>,
  NoneOf<RefusingUndefined<Query>>,
  NoneOf<RefusingUndefined<FetchByIds>>,
  NoneOf<RefusingUndefined<FetchByPrefix>>,
  NoneOf<RefusingUndefined<IncludeOptions>>,
  NoneOf<RefusingUndefined<WorkflowClientOptions>>,
  NoneOf<RefusingUndefined<NonNullable<Parameters<typeof WorkflowClient.fromEnv>[1]>>>,
  NoneOf<RefusingUndefined<NonNullable<Parameters<typeof VectorIndex.fromEnv>[1]>>>,
  NoneOf<RefusingUndefined<TriggerRequest>>,
  NoneOf<RefusingUndefined<FlowControl>>,
  NoneOf<RefusingUndefined<FailureCallback>>,
  NoneOf<RefusingUndefined<TracingOptions>>,
  NoneOf<RefusingUndefined<DevServerOptions>>,
  NoneOf<RefusingUndefined<NonNullable<DevServerOptions["limits"]>>>,
  NoneOf<RefusingUndefined<IndexOptions>>,
  NoneOf<RefusingUndefined<FaultRule>>,
  NoneOf<RefusingUndefined<RunsListOptions>>,
  NoneOf<RefusingUndefined<WaitForOptions>>,
  NoneOf<RefusingUndefined<NamespaceOption>>,
  NoneOf<RefusingUndefined<ImportOptions>>,
  NoneOf<RefusingUndefined<VectorRecordInput>>,
  NoneOf<RefusingUndefined<SeedRecord>>,
  NoneOf<RefusingUndefined<VectorServiceOptions>>,
  NoneOf<RefusingUndefined<NonNullable<VectorServiceOptions["limits"]>>>,
  NoneOf<RefusingUndefined<WorkflowServiceOptions>>,
  NoneOf<RefusingUndefined<NonNullable<WorkflowServiceOptions["limits"]>>>,
];

// The calls of the issue, as a user writes them: values that may be undefined, passed on.
declare const signal: AbortSignal | undefined;
declare const topK: number | undefined;
declare const timeoutMs: number | undefined;
declare const runId: string | undefined;
declare const namespace: string | undefined;
declare const rate: number | undefined;

/** Metadata declared as an interface, as the vector README declares `Movie`. */
interface Movie {
  title: string;
  year: number;
}
declare const movie: Movie;

/** A trigger body declared as an interface. */
interface Order {
  id: string;
  items: string[];
}
declare const order: Order;

export async function asAUserWrites(): Promise<void> {
  const index = new VectorIndex<Movie>({ url: "http://127.0.0.1:1", token: "t", timeoutMs });
  await index.info({ signal });
  const [best] = await index.query({ vector: [1, 0], topK, filter: filter.gte("year", 2000) });
  const title: string | undefined = best?.metadata?.title;
  await index.queryMany([{ sparseVector: { indices: [0], values: [1] }, topK }], { timeoutMs });
  await index.fetch({ ids: ["heat"], includeMetadata: undefined }, { signal });
  await index.fetch({ prefix: "he", includeData: undefined });
  await index.range({ cursor: "0", limit: 10, prefix: undefined });
  for await (const record of index.rangeAll({ pageSize: topK })) void record.metadata?.year;
  const fromEnv = VectorIndex.fromEnv<Movie>(undefined, { timeoutMs, namespace });
  void fromEnv;

  const client = new WorkflowClient({ token: "t", baseUrl: undefined, tracing: tracing({}) });
  await client.trigger(
    { url: "https://example.com/flow", body: order, runId, flowControl: { key: "k", rate } },
    { timeoutMs, signal },
  );
  void WorkflowClient.fromEnv(undefined, { region: undefined });
  void tracing({ tracerProvider: undefined, propagate: undefined });

  const dev = await startDevServer({
    vector: { dimension: 2, pendingMs: undefined },
    timeScale: undefined,
  });
  await dev.vector.upsert({ id: "heat", vector: [1, 0], metadata: movie }, { namespace });
  await dev.vector.upsert([{ id: "ronin", vector: [0, 1], metadata: movie }]);
  await dev.faults.add({ service: "vector", status: 500, times: undefined });
  await dev.runs.list({ state: undefined, limit: topK });
  await dev.runs.waitFor("run", "succeeded", { timeoutMs });
  const seed: SeedRecord[] = [{ id: "a", vector: [1, 0], metadata: movie, namespace }];
  void seed;
  void title;
  await dev.close();
}
