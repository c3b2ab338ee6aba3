// A workflow endpoint on 127.0.0.1 that records the headers of every delivery it receives.
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Endpoint {
  url: string;
  deliveries: IncomingHttpHeaders[];
  /** Resolves with the first delivery's headers. */
  firstDelivery(): Promise<IncomingHttpHeaders>;
  close(): Promise<void>;
}

export async function startEndpoint(): Promise<Endpoint> {
  const deliveries: IncomingHttpHeaders[] = [];
  const waiting: ((headers: IncomingHttpHeaders) => void)[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      deliveries.push(req.headers);
      for (const resolve of waiting.splice(0)) resolve(req.headers);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/workflow`,
    deliveries,
    firstDelivery: () =>
      deliveries[0]
        ? Promise.resolve(deliveries[0])
        : new Promise((resolve) => waiting.push(resolve)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
