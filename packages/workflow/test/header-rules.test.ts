// Every `Svc-*` header the spec gives a rule (beyond being a string) is held to the rule
// `pnpm gen` wrote for it (src/generated/requests.ts). Here each rule in turn is made to
// refuse every value: the trigger must then fail with a ValidationError naming the option of
// that header and send nothing, so a header whose rule is left unread fails its case.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { headerParameters } from "../src/generated/requests";
import { ValidationError } from "../src/index";
import { EVERY_OPTION, setup, svcHeaders } from "./helpers";

/** The header whose rule refuses everything in the current test, if any. */
const refused = vi.hoisted(() => ({ header: undefined as string | undefined }));

vi.mock("../src/generated/requests", async (importOriginal) => {
  const generated = await importOriginal<typeof import("../src/generated/requests")>();
  const headerParameters = new Proxy(generated.headerParameters, {
    get: (rules, name) =>
      name === refused.header ? { enum: ["a value no option gives"] } : Reflect.get(rules, name),
  });
  return { ...generated, headerParameters };
});

beforeEach(() => {
  refused.header = undefined;
});

/** The option each header with a rule is written from, which its error must name. */
const OPTION_OF: Record<string, string> = {
  "Svc-Workflow-RunId": "runId",
  "Svc-Retries": "retries",
  "Svc-Not-Before": "notBefore",
  "Svc-Flow-Control-Key": "flowControl",
  // The headers whose rule is a pattern.
  "Svc-Delay": "delay",
  "Svc-Label": "labels",
  "Svc-Flow-Control-Value": "flowControl",
  "Svc-Failure-Callback": "failureCallback",
  "Svc-Retry-Delay": "retryDelay",
};

describe("the generated header rules", () => {
  it("are each known here, and each for a header a trigger sends", async () => {
    // A rule the generator adds fails here until its case is added above.
    expect(Object.keys(headerParameters).sort()).toEqual(Object.keys(OPTION_OF).sort());
    const { client, only } = setup();
    await client.trigger(EVERY_OPTION);
    const sent = Object.keys(svcHeaders(only()));
    for (const name of Object.keys(OPTION_OF)) expect(sent).toContain(name.toLowerCase());
  });

  it.each(Object.keys(OPTION_OF))(
    "refuse the trigger when %s's rule refuses its value",
    async (header) => {
      refused.header = header;
      const { client, requests } = setup();
      const error = await client.trigger(EVERY_OPTION).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        field: OPTION_OF[header],
        // notBefore's message goes on with what the option takes.
        rule: expect.stringMatching(/^must be a value no option gives/),
      });
      expect(requests).toHaveLength(0);
    },
  );
});
