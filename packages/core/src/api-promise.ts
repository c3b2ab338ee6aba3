/** A call's parsed result together with the HTTP response it came from. */
export interface WithResponse<T> {
  /** The parsed result, the same value that awaiting the call gives. */
  data: T;
  /** The final response (after retries): status, and headers such as rate limits. */
  response: Response;
}

/**
 * What every client method returns: a promise of the parsed result that can also give the
 * raw response. `await client.info()` is the result; `await client.info().withResponse()`
 * is `{ data, response }`.
 */
export class ApiPromise<T> implements Promise<T> {
  readonly #raw: Promise<WithResponse<T>>;
  // Made on first use, so a caller who only asks for `withResponse()` gets no second promise.
  #data: Promise<T> | undefined;

  constructor(raw: Promise<WithResponse<T>>) {
    this.#raw = raw;
  }

  /**
   * Runs `start` and returns its promise; if `start` throws (bad input found before any
   * request), the error comes back as a rejected promise instead, so callers see every
   * failure the same way.
   */
  static from<T>(start: () => ApiPromise<T>): ApiPromise<T> {
    try {
      return start();
    } catch (error) {
      return new ApiPromise<T>(Promise.reject(error));
    }
  }

  /** A promise that resolves without a request, e.g. an empty list asked for nothing. */
  static resolved<T>(data: T, response: Response): ApiPromise<T> {
    return new ApiPromise(Promise.resolve({ data, response }));
  }

  /** The parsed result and the final HTTP response. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#raw;
  }

  /**
   * The same call with its result transformed, e.g. a `{ result }` envelope unwrapped;
   * `withResponse()` still gives the response. `transform` may throw to reject.
   */
  map<U>(transform: (data: T, response: Response) => U): ApiPromise<U> {
    return new ApiPromise(
      this.#raw.then(({ data, response }) => ({ data: transform(data, response), response })),
    );
  }

  // biome-ignore lint/suspicious/noThenProperty: an ApiPromise is a promise; `await` needs `then`.
  then<Fulfilled = T, Rejected = never>(
    onFulfilled?: ((value: T) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    return this.#result().then(onFulfilled, onRejected);
  }

  catch<Rejected = never>(
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<T | Rejected> {
    return this.#result().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#result().finally(onFinally);
  }

  /** `"ApiPromise"`, so `Object.prototype.toString` and inspectors name the class. */
  get [Symbol.toStringTag](): string {
    return "ApiPromise";
  }

  #result(): Promise<T> {
    this.#data ??= this.#raw.then(({ data }) => data);
    return this.#data;
  }
}
