// The server attributes as the HTTP client convention writes them: the bare host (an IPv6
// address without its brackets) and the port, the scheme's own when the URL implies it.
import { VectorIndex } from "@x/vector";
import { expect, test } from "vitest";
import { onlySpan, TOKEN, traced } from "./harness";
import { INFO, stubFetch } from "./stub-fetch";

test.each([
  ["https://my-index.vector.example.com", "my-index.vector.example.com", 443],
  ["http://my-index.vector.example.com", "my-index.vector.example.com", 80],
  ["https://my-index.vector.example.com:8443", "my-index.vector.example.com", 8443],
  ["http://[::1]:6333", "::1", 6333],
  ["https://[2001:db8::7]", "2001:db8::7", 443],
])("%s: server.address %s, server.port %i", async (url, address, port) => {
  const { tracing, spans } = traced();
  const { fetch } = stubFetch({ status: 200, body: { result: INFO } });
  await new VectorIndex({ url, token: TOKEN, fetch, tracing }).info();
  expect(onlySpan(spans()).attributes).toMatchObject({
    "server.address": address,
    "server.port": port,
    "url.full": `${url}/info`,
  });
});
