// Type-level: checked by `tsc` (the package's typecheck), like every @ts-expect-error here.
import { describe, expectTypeOf, it } from "vitest";
import type { ClientOptions, FetchOptions } from "../src/index";

describe("FetchOptions", () => {
  it("takes RequestInit's own fields and undici's dispatcher", () => {
    const options: FetchOptions = { cache: "no-store", keepalive: true, dispatcher: {} };
    expectTypeOf(options).toMatchTypeOf<ClientOptions["fetchOptions"]>();
  });

  it("refuses a misspelt field at compile time", () => {
    // @ts-expect-error: `cach` is not a field of RequestInit; `cache` is.
    const typo: FetchOptions = { cach: "no-store" };
    expectTypeOf(typo).toEqualTypeOf<FetchOptions>();
  });

  it("has no fields the client sets itself", () => {
    expectTypeOf<FetchOptions>().not.toHaveProperty("method");
    expectTypeOf<FetchOptions>().not.toHaveProperty("headers");
    expectTypeOf<FetchOptions>().not.toHaveProperty("body");
    expectTypeOf<FetchOptions>().not.toHaveProperty("signal");
    expectTypeOf<FetchOptions>().not.toHaveProperty("redirect");
  });
});
