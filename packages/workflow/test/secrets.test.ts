// What a caller can observe of a trigger holds neither the token nor the secrets of the
// destination URL: the query values (such as a deployment-protection bypass) and userinfo
// of the workflow URL, which travels in the trigger's path with its `?` sent as `%3F`.
import { describe, expect, it } from "vitest";
import { ApiError, WorkflowClient } from "../src/index";
import { BASE, RESULT, recordingFetch, TOKEN } from "./helpers";

const SECRET = "bypass-s3cret-value";
const DESTINATION = `https://app.example.com/api/wf?x-vercel-protection-bypass=${SECRET}&tenant=7`;

/** A fetch that, as a runtime's does, names the URL it was sent to in `response.url`. */
function namingFetch(answer: () => Response) {
  const { fetch, requests } = recordingFetch(answer);
  const naming = async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    Object.defineProperty(response, "url", { value: url });
    return response;
  };
  return { fetch: naming, requests };
}

describe("withResponse() with tokenIn: query", () => {
  it("gives a response whose url holds no token", async () => {
    const { fetch, requests } = namingFetch(() => Response.json(RESULT));
    const wf = new WorkflowClient({ baseUrl: BASE, token: TOKEN, tokenIn: "query", fetch });
    const { response } = await wf.trigger({ url: "https://example.com/wf" }).withResponse();
    expect(requests[0]?.url).toContain("svc_token=");
    expect(response.url).not.toContain(TOKEN);
    expect(response.url).not.toContain("svc_token");
    expect(response.url).toBe(`${BASE}/v2/trigger/https://example.com/wf`);
  });
});

describe("a destination URL with a query", () => {
  it("keeps its query values out of error messages and log lines; the names stay", async () => {
    const lines: string[] = [];
    const logger = { ...console, error: (line: string) => void lines.push(line) };
    const { fetch, requests } = recordingFetch(() =>
      Response.json({ error: "workflow failed" }, { status: 400 }),
    );
    const wf = new WorkflowClient({
      baseUrl: BASE,
      token: TOKEN,
      fetch,
      logger,
      logLevel: "error",
    });
    const error = await wf.trigger({ url: DESTINATION }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    // The service got the whole URL.
    expect(decodeURIComponent(requests[0]?.url ?? "")).toContain(SECRET);
    expect(lines).toHaveLength(1);
    for (const text of [String(error), (error as Error).stack ?? "", ...lines]) {
      expect(text).not.toContain(SECRET);
    }
    expect(lines[0]).toContain("x-vercel-protection-bypass=[redacted]&tenant=[redacted]");
  });

  it("keeps its query values out of a redirect's message, where the Location echoes the path", async () => {
    // A proxy that answers "moved" with our own path on another origin.
    const { fetch } = recordingFetch(() => new Response(null, { status: 307 }));
    const moving = async (url: string, init: RequestInit) => {
      const answer = await fetch(url, init);
      const moved = new URL(url);
      moved.host = "elsewhere.example.com";
      return new Response(answer.body, {
        status: answer.status,
        headers: { location: moved.href },
      });
    };
    const wf = new WorkflowClient({ baseUrl: BASE, token: TOKEN, fetch: moving });
    const error = await wf.trigger({ url: DESTINATION }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toContain("elsewhere.example.com");
    expect((error as Error).message).not.toContain(SECRET);
    expect((error as Error).message).toContain("x-vercel-protection-bypass=[redacted]");
  });

  it("keeps userinfo and query values out of a connection error", async () => {
    const fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const wf = new WorkflowClient({ baseUrl: BASE, token: TOKEN, fetch, maxRetries: 0 });
    const url = `https://user:pa55word@app.example.com/wf?key=${SECRET}`;
    const error = await wf.trigger({ url }).catch((e: unknown) => e);
    expect(String(error)).not.toContain(SECRET);
    expect(String(error)).not.toContain("pa55word");
    expect(String(error)).toContain("https://[redacted]@app.example.com/wf%3Fkey=[redacted]");
  });
});
