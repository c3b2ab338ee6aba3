// The page's code is checked without Node's types, so it declares the answers it reads
// (src/dashboard/browser/wire.ts) instead of importing the server's types. These type
// assertions hold each server type to the page's: `pnpm typecheck` fails when a route's
// answer loses or retypes a field the page reads.
import { expectTypeOf, it } from "vitest";
import type * as Page from "../src/dashboard/browser/wire.js";
import type { FaultedRequest, FaultView } from "../src/faults/faults.js";
import type { clockBody } from "../src/kit/clock-route.js";
import type { info } from "../src/vector/info.js";
import type { scan } from "../src/vector/scan.js";
import type { RunView } from "../src/workflow/runs.js";

it("reads the answers of the dev routes as the server types them", () => {
  expectTypeOf<RunView>().toExtend<Page.Run>();
  expectTypeOf<ReturnType<typeof clockBody>>().toExtend<Page.Clock>();
  expectTypeOf<FaultView>().toExtend<Page.Fault>();
  expectTypeOf<FaultedRequest>().toExtend<Page.FaultedRequest>();
  expectTypeOf<ReturnType<typeof info>>().toExtend<Page.IndexInfo>();
  expectTypeOf<ReturnType<typeof scan>>().toExtend<Page.ScanPage>();
});
