// `dev.vector`: the dev server's vector data written from code, without a client.
import { ValidationError } from "@x/core";
import type { ImportOptions, ImportResult } from "../import/options.js";
import type { ResumePoints } from "../import/resume.js";
import { runImport } from "../import/run.js";
import { emulatorTarget } from "../import/target.js";
import { refuseUnknownOptions } from "../server/options.js";
import { InvalidInputError, NamespaceNotFoundError } from "../vector/errors.js";
import type { VectorEmulator } from "../vector/service.js";
import type { IndexConfig, VectorRecordInput } from "../vector/types.js";

/** Options of the `dev.vector` methods. */
export interface NamespaceOption {
  /** The namespace to act on; the default namespace (`""`) when absent. */
  namespace?: string | undefined;
}

/** `dev.vector`: writes as the service's own routes make them, validated the same way. */
export interface DevVector {
  /** The index the vector service runs: the options given, then the state file's, then the defaults. */
  readonly index: IndexConfig;
  /**
   * Upserts records; they count as pending for `vector.pendingMs` on the dev server's clock.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ vector: { dimension: 2 } });
   * await dev.vector.upsert([
   *   { id: "a", vector: [1, 0], metadata: { genre: "sci-fi" } },
   *   { id: "b", vector: [0, 1] },
   * ]);
   * await dev.vector.upsert({ id: "c", vector: [1, 1] }, { namespace: "movies" });
   * ```
   */
  upsert(
    records: VectorRecordInput | VectorRecordInput[],
    options?: NamespaceOption,
  ): Promise<void>;
  /**
   * Deletes the records with these ids; resolves with how many existed.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ vector: { dimension: 2 } });
   * const deleted = await dev.vector.delete(["a", "b"]);
   * await dev.vector.delete("c", { namespace: "movies" });
   * ```
   */
  delete(ids: string | string[], options?: NamespaceOption): Promise<number>;
  /**
   * Drops one namespace (the default one is emptied), or with no namespace, every one.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * await dev.vector.reset({ namespace: "movies" }); // that namespace only
   * await dev.vector.reset(); // every namespace
   * ```
   */
  reset(options?: NamespaceOption): Promise<void>;
  /**
   * Copies a live index's records (vectors, sparse vectors, metadata, data) into this dev
   * server, every namespace or those named, through the `@x/vector` client (its retries, its
   * errors). It reads the live `info` first and refuses with a ValidationError, before
   * writing anything, when the index differs (`field`: `type`, `dimension`, `metric`) or its
   * records would pass this server's limits (`namespaces`). Records are ready at once. When
   * an import stops (`signal`, an error), the next call for the same `url` resumes after the
   * last page written; a reset or restore in between makes it start over.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ vector: { dimension: 384, metric: "COSINE" } });
   * const { namespaces, records } = await dev.vector.importFrom({
   *   url: "https://my-index.vector.example.com",
   *   token: "the live index's token",
   *   namespaces: ["docs"],
   *   onProgress: ({ records, total }) => console.log(`${records} / ${total}`),
   * });
   * ```
   */
  importFrom(options: ImportOptions): Promise<ImportResult>;
}

function namespaceOf(options: NamespaceOption | undefined, method: string): string | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== "object" || options === null) {
    throw new ValidationError("options", `${method} takes an object { namespace? }`);
  }
  refuseUnknownOptions(options, { owner: method, known: ["namespace"] });
  if (options.namespace !== undefined && typeof options.namespace !== "string") {
    throw new ValidationError("namespace", `must be a string (got ${String(options.namespace)})`);
  }
  return options.namespace;
}

/** Runs a write, turning the store's InvalidInputError into a ValidationError naming `field`. */
function write<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof NamespaceNotFoundError)
      throw new ValidationError("namespace", error.message);
    if (error instanceof InvalidInputError) throw new ValidationError(field, error.message);
    throw error;
  }
}

/** `dev.vector` over the dev server's vector emulator; `imports` holds where interrupted imports stopped. */
export function devVector(vector: VectorEmulator, imports: ResumePoints): DevVector {
  return {
    index: vector.index,
    async upsert(records, options) {
      const namespace = namespaceOf(options, "vector.upsert") ?? "";
      write("records", () => vector.upsert(records, namespace));
    },
    async delete(ids, options) {
      const namespace = namespaceOf(options, "vector.delete") ?? "";
      return write("ids", () => vector.delete(ids, namespace));
    },
    async reset(options) {
      vector.reset(namespaceOf(options, "vector.reset"));
      imports.clear();
    },
    importFrom(options) {
      return runImport(emulatorTarget(vector), options, imports);
    },
  };
}
