import { ApiPromise } from "./api-promise";
import { invalid } from "./errors";
import type {
  HttpMethod,
  MethodsOf,
  OperationAt,
  OperationInit,
  ResultOf,
} from "./operation-types";
import { checkRequestOptions } from "./request-options";
import type { Call, RawBody, RequestOptions, Transport } from "./transport";

/**
 * A typed call of any operation of a spec: `request("POST", "/range/{namespace}",
 * { params: { path: { namespace } }, body }, options)`. Path, method, parameters, body and
 * result all come from the generated `Paths`, so a spec change shows up as a compile error.
 */
export type OperationRequest<Paths> = <
  P extends keyof Paths & string,
  M extends MethodsOf<Paths[P]>,
>(
  method: M,
  path: P,
  ...rest: object extends OperationInit<OperationAt<Paths, P, M>>
    ? [init?: OperationInit<OperationAt<Paths, P, M>>, options?: RequestOptions]
    : [init: OperationInit<OperationAt<Paths, P, M>>, options?: RequestOptions]
) => ApiPromise<ResultOf<OperationAt<Paths, P, M>>>;

/** How one client sends operations; each service has its own rules. */
export interface OperationConfig {
  /**
   * Writes a path parameter into the path; default `encodeURIComponent`. A service that
   * takes a raw value in its path (such as a whole URL) encodes it its own way.
   */
  encodePathParam?: (name: string, value: string) => string;
  /** Whether the call may be sent again after a failure; default: always. */
  isRepeatable?: (call: Call) => boolean;
}

/** The parts of any operation call, as the run-time code sees them. */
interface AnyInit {
  params?: {
    path?: Record<string, string>;
    query?: Record<string, string | number | boolean>;
    header?: Record<string, string | number | boolean>;
  };
  body?: unknown;
  contentType?: string;
}

/** The typed operation call of one client, over its transport. */
export function createRequest<Paths>(
  transport: Transport,
  config: OperationConfig = {},
): OperationRequest<Paths> {
  const encodePathParam = config.encodePathParam ?? ((_name, value) => encodeURIComponent(value));
  const send = (
    method: HttpMethod,
    template: string,
    init: AnyInit = {},
    options?: RequestOptions,
  ): ApiPromise<unknown> =>
    ApiPromise.from(() => {
      const checked = checkRequestOptions(`${method} ${template}`, options);
      const { body, json, contentType } = bodyOf(init);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(init.params?.header ?? {})) {
        headers[name] = String(value);
      }
      if (contentType !== undefined) headers["content-type"] = contentType;
      const call: Call = {
        method,
        path: fillPath(template, init.params?.path ?? {}, encodePathParam) + queryOf(init),
        headers,
        body,
        json,
      };
      call.retry = config.isRepeatable?.(call) ?? true;
      return new ApiPromise(transport<unknown>(call, checked));
    });
  // `send` works on any operation, so it cannot be checked against one `Paths` signature:
  // the types of each call are the spec's, the run-time shape is the same for all.
  return send as OperationRequest<Paths>;
}

/** `template` with each `{name}` replaced by its encoded value. */
function fillPath(
  template: string,
  values: Record<string, string>,
  encode: (name: string, value: string) => string,
): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== "string") invalid(`params.path.${name}`, "must be a string");
    return encode(name, value);
  });
}

function queryOf(init: AnyInit): string {
  const entries = Object.entries(init.params?.query ?? {}).map(([k, v]) => [k, String(v)]);
  return entries.length === 0 ? "" : `?${new URLSearchParams(entries)}`;
}

interface SentBody {
  body?: RawBody;
  json?: unknown;
  contentType?: string;
}

/** Text and bytes go as they are, with their media type; anything else as JSON. */
function bodyOf(init: AnyInit): SentBody {
  const { body, contentType } = init;
  if (body === undefined) return {};
  if (isRaw(body)) return { body, contentType };
  return { json: body };
}

function isRaw(body: unknown): body is RawBody {
  return (
    typeof body === "string" ||
    body instanceof Uint8Array ||
    body instanceof ArrayBuffer ||
    body instanceof Blob
  );
}
