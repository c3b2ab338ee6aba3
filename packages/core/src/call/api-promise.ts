/** A call's parsed result together with the HTTP response it came from. */
export interface WithResponse<T> {
  /** The parsed result, the same value that awaiting the call gives. */
  data: T;
  /** The final response (after retries): status, and headers such as rate limits. */
  response: Response;
}

/** One step of `map`, applied to the data of the call. */
type Transform = (data: unknown, response: Response) => unknown;

/**
 * What every client method returns: a promise of the parsed result that can also give the
 * raw response. `await client.info()` is the result; `await client.info().withResponse()`
 * is `{ data, response }`; `await client.info().asResponse()` the response, body unread.
 */
export class ApiPromise<T> implements Promise<T> {
  // The call's own result, before any `map`: every ApiPromise mapped from one call shares it.
  readonly #raw: Promise<WithResponse<unknown>>;
  // Applied in one `then`, however many `map`s made this promise.
  #transforms: readonly Transform[] = [];
  readonly #asResponse: (() => Promise<Response>) | undefined;
  // Made on first use, so a caller who only asks for `withResponse()` gets no second promise.
  #data: Promise<T> | undefined;

  /**
   * A call in flight: `raw` resolves to the parsed result and the response it came from;
   * `asResponse`, when given, asks the call for its response with the body unread.
   *
   * @example
   * ```ts
   * import { ApiPromise } from "@x/core";
   *
   * // What a test double of a client method can return.
   * const answer = new ApiPromise(
   *   Promise.resolve({ data: { vectorCount: 3 }, response: new Response(null) }),
   * );
   * console.log((await answer).vectorCount);
   * ```
   */
  constructor(raw: Promise<WithResponse<T>>, asResponse?: () => Promise<Response>) {
    this.#raw = raw;
    this.#asResponse = asResponse;
  }

  /**
   * Runs `start` and returns its promise; if `start` throws (bad input found before any
   * request), the error comes back as a rejected promise instead, so callers see every
   * failure the same way.
   *
   * @example
   * ```ts
   * import { ApiPromise, ValidationError } from "@x/core";
   *
   * function count(items: string[]): ApiPromise<number> {
   *   return ApiPromise.from(() => {
   *     if (items.length === 0) throw new ValidationError("items", "must not be empty");
   *     return ApiPromise.resolved(items.length, new Response(null));
   *   });
   * }
   * await count([]).catch((error: unknown) => console.log(String(error)));
   * ```
   */
  static from<T>(start: () => ApiPromise<T>): ApiPromise<T> {
    try {
      return start();
    } catch (error) {
      return new ApiPromise<T>(Promise.reject(error));
    }
  }

  /**
   * A promise that resolves without a request, e.g. an empty list asked for nothing.
   *
   * @example
   * ```ts
   * import { ApiPromise } from "@x/core";
   *
   * const nothing = ApiPromise.resolved([], new Response("[]"));
   * console.log(await nothing); // []
   * ```
   */
  static resolved<T>(data: T, response: Response): ApiPromise<T> {
    return new ApiPromise(Promise.resolve({ data, response }));
  }

  /**
   * The parsed result and the final HTTP response.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const { data, response } = await index.info().withResponse();
   * console.log(data.vectorCount, response.status, response.headers.get("content-type"));
   * ```
   */
  withResponse(): Promise<WithResponse<T>> {
    if (this.#transforms.length === 0) return this.#raw as Promise<WithResponse<T>>;
    return this.#raw.then(({ data, response }) => ({
      data: this.#apply(data, response),
      response,
    }));
  }

  /**
   * The raw HTTP response, its body unread, for a caller who reads it itself (a stream, a
   * large answer); instead of awaiting the call, which then has no parsed result. The
   * attempt's timeout stops at the headers. Its `url` holds no token.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const response = await index.info().asResponse();
   * console.log(response.status, await response.text());
   * ```
   */
  asResponse(): Promise<Response> {
    if (this.#asResponse) return this.#asResponse();
    return this.#raw.then(({ response }) => response);
  }

  /**
   * The same call with its result transformed, e.g. a `{ result }` envelope unwrapped;
   * `withResponse()` still gives the response. `transform` may throw to reject.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const count = await index.info().map((info) => info.vectorCount);
   * ```
   */
  map<U>(transform: (data: T, response: Response) => U): ApiPromise<U> {
    const mapped = new ApiPromise<U>(this.#raw as Promise<WithResponse<U>>, this.#asResponse);
    mapped.#transforms = [...this.#transforms, transform as Transform];
    return mapped;
  }

  /**
   * Resolves with the parsed result, as any promise: `await` and `.then` both work.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * index.info().then((info) => console.log(info.dimension));
   * const info = await index.info(); // `await` calls `then`
   * ```
   */
  // biome-ignore lint/suspicious/noThenProperty: an ApiPromise is a promise; `await` needs `then`.
  then<Fulfilled = T, Rejected = never>(
    onFulfilled?: ((value: T) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    return this.#result().then(onFulfilled, onRejected);
  }

  /**
   * Handles a failure of the call, as any promise does.
   *
   * @example
   * ```ts
   * import { NotFoundError, VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv().namespace("maybe-gone");
   * const hits = await index
   *   .query({ vector: [0.1, 0.2, 0.3] })
   *   .catch((error: unknown) => (error instanceof NotFoundError ? [] : Promise.reject(error)));
   * ```
   */
  catch<Rejected = never>(
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<T | Rejected> {
    return this.#result().catch(onRejected);
  }

  /**
   * Runs `onFinally` once the call settles, either way, as any promise does.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const started = Date.now();
   * await index.info().finally(() => console.log(`info took ${Date.now() - started} ms`));
   * ```
   */
  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#result().finally(onFinally);
  }

  /** `"ApiPromise"`, so `Object.prototype.toString` and inspectors name the class. */
  get [Symbol.toStringTag](): string {
    return "ApiPromise";
  }

  #result(): Promise<T> {
    this.#data ??= this.#raw.then(({ data, response }) => this.#apply(data, response));
    return this.#data;
  }

  /** The call's data through every `map`, in order. */
  #apply(data: unknown, response: Response): T {
    let value = data;
    for (const transform of this.#transforms) value = transform(value, response);
    return value as T;
  }
}
