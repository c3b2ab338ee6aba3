import type { IncomingMessage, ServerResponse } from "node:http";
import { workflowErrorBody } from "../http/error-body.js";
import { sendSafely } from "../http/send-safely.js";
import type { VectorService } from "../vector/service.js";
import { PAGE_SCRIPT } from "./generated/page-script.js";
import { PAGE_CSS, PAGE_HTML, vectorLinkPage } from "./page-html.js";

/**
 * The dev dashboard. The page and its assets are public (they hold no data); the data comes
 * from token-checked routes of the same origin: the workflow service's `/v2/dev/runs`, and
 * `/v2/dev/vector/info` and `/v2/dev/vector/scan[/ns]`, answered by the in-process vector
 * service, so the page needs no cross-origin call to the vector port.
 */
export interface Dashboard {
  /** On the workflow port: answers the dashboard's routes; false for any other request. */
  onWorkflowPort(req: IncomingMessage, res: ServerResponse): boolean;
  /** On the vector port: answers `GET /` with a link to the dashboard; false otherwise. */
  onVectorPort(req: IncomingMessage, res: ServerResponse): boolean;
}

/** Where the page finds the vector routes it calls, on the workflow port. */
export const VECTOR_PREFIX = "/v2/dev/vector";

// Everything the page loads comes from this origin; nothing may frame it.
const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

const ASSETS: Record<string, { type: string; body: string }> = {
  "/": { type: "text/html; charset=utf-8", body: PAGE_HTML },
  "/dashboard.js": { type: "text/javascript; charset=utf-8", body: PAGE_SCRIPT },
  "/dashboard.css": { type: "text/css; charset=utf-8", body: PAGE_CSS },
  // Browsers ask for it unprompted; an empty icon keeps that out of the request log.
  "/favicon.ico": { type: "image/x-icon", body: "" },
};

/** The dashboard's address with the token in the fragment, which browsers never send. */
export function dashboardUrl(workflowUrl: string, token: string): string {
  return `${workflowUrl}/#token=${encodeURIComponent(token)}`;
}

function send(res: ServerResponse, type: string, body: string, log: (line: string) => void): void {
  const headers = { ...SECURITY_HEADERS, "content-type": type };
  sendSafely(res, 200, headers, [Buffer.from(body)], workflowErrorBody, log);
}

function pathOf(req: IncomingMessage): { path: string; search: string } {
  const target = req.url ?? "/";
  const mark = target.indexOf("?");
  if (mark === -1) return { path: target, search: "" };
  return { path: target.slice(0, mark), search: target.slice(mark) };
}

/**
 * The vector routes the page calls, under `/v2/dev/vector`, each with its method: a path,
 * or (ending in "/") every path under it.
 */
export const PAGE_VECTOR_ROUTES = [
  { path: "/info", method: "GET" },
  { path: "/scan", method: "POST" },
  { path: "/scan/", method: "POST" },
] as const;

/** Whether the vector service should answer `rest` (of `/v2/dev/vector<rest>`) for the page. */
function isPageVectorRoute(method: string | undefined, rest: string): boolean {
  return PAGE_VECTOR_ROUTES.some(
    (route) =>
      route.method === method &&
      (route.path.endsWith("/") ? rest.startsWith(route.path) : rest === route.path),
  );
}

export function createDashboard(
  vector: VectorService,
  workflowUrl: () => string,
  log: (line: string) => void,
): Dashboard {
  return {
    onWorkflowPort(req, res) {
      const { path, search } = pathOf(req);
      const asset = ASSETS[path];
      if (asset !== undefined && (req.method === "GET" || req.method === "HEAD")) {
        send(res, asset.type, asset.body, log);
        return true;
      }
      if (!path.startsWith(`${VECTOR_PREFIX}/`)) return false;
      const rest = path.slice(VECTOR_PREFIX.length);
      if (!isPageVectorRoute(req.method, rest)) return false;
      // The vector service routes by path and checks the token itself, as on its own port.
      req.url = rest + search;
      vector.handle(req, res);
      return true;
    },
    onVectorPort(req, res) {
      if (pathOf(req).path !== "/" || (req.method !== "GET" && req.method !== "HEAD")) {
        return false;
      }
      send(res, "text/html; charset=utf-8", vectorLinkPage(`${workflowUrl()}/`), log);
      return true;
    },
  };
}
