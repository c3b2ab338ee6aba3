import { expectedOf, gotOf } from "../schema/rule-words";
import type { Schema } from "../schema/schema";
import { Findings, placeOf, walk } from "../schema/walk";

// The check of one answer against what the spec declares for its operation (the tables
// `pnpm gen` writes): the status, then for a declared status its content type, required
// headers and body. Each drift is told by types and places only, never by a value.

/** What the spec declares for one status (or `4XX`, or `default`) of an operation. */
export interface StatusRules {
  /** The media types the answer may come as; none for an answer without a body. */
  readonly contentTypes: readonly string[];
  /** Response headers the spec marks required, in lower case. */
  readonly headers: readonly string[];
  /** The JSON body's schema, when the answer has a JSON body. */
  readonly body?: Schema;
}

/** One operation of a spec, as the guard checks its answers. */
export interface OperationRules {
  /** `POST /query/{namespace}`: how reports name the operation. */
  readonly operation: string;
  /** By status code, `1XX` to `5XX` ranges, or `default`, as the spec writes them. */
  readonly responses: Readonly<Record<string, StatusRules>>;
}

/** Every operation of a spec: by path template, then by method in upper case. */
export type ResponseRules = Readonly<Record<string, Readonly<Record<string, OperationRules>>>>;

/** The most places one answer's body is reported at: what a reader can act on, and a bound. */
export const MAX_BODY_DRIFTS = 20;

/** Which part of the answer drifted. */
export type DriftPart = "status" | "content-type" | "header" | "body";

/** One way an answer differs from the spec: see SpecDrift, whose fields these are. */
export interface AnswerDrift {
  part: DriftPart;
  pointer: string;
  expected: string;
  got: string;
}

/** The status rules that answer for `status`: its own, else its range (`4XX`), else `default`. */
function rulesForStatus({ responses }: OperationRules, status: number): StatusRules | undefined {
  return responses[status] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

/** `type/subtype` as RFC 9110 writes a media type, at a length any real one keeps under. */
const MEDIA_TYPE = /^[\w!#$&^.+-]{1,64}\/[\w!#$&^.+-]{1,64}$/;

/** A Content-Type's media type, in lower case; text that is not one is not shown. */
function mediaTypeOf(header: string | null): string | undefined {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  if (!type) return undefined;
  return MEDIA_TYPE.test(type) ? type : "something that is not a media type";
}

/** The drifts of an answer; `text` is its body, read when `wantsBody` said so. */
export function checkAnswer(
  rules: OperationRules,
  status: number,
  headers: Headers,
  text: string,
): AnswerDrift[] {
  const declared = rulesForStatus(rules, status);
  if (declared === undefined) {
    const statuses = Object.keys(rules.responses);
    const expected = statuses.join(", ").replace(/, (?=[^,]*$)/, " or ");
    return [{ part: "status", pointer: "", expected, got: String(status) }];
  }
  const drifts: AnswerDrift[] = [];
  for (const name of declared.headers) {
    if (!headers.has(name)) {
      drifts.push({ part: "header", pointer: `/${name}`, expected: "present", got: "missing" });
    }
  }
  const type = mediaTypeOf(headers.get("content-type"));
  if (declared.contentTypes.length > 0 && !declared.contentTypes.includes(type ?? "")) {
    const expected = declared.contentTypes.join(" or ");
    drifts.push({ part: "content-type", pointer: "", expected, got: type ?? "none" });
  }
  if (declared.body !== undefined) drifts.push(...checkBody(declared.body, text, type));
  return drifts;
}

/** The drifts of a body against its schema, at most MAX_BODY_DRIFTS. */
function checkBody(schema: Schema, text: string, type: string | undefined): AnswerDrift[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const json = type === "application/json" || type?.endsWith("+json");
    const named = type !== undefined && MEDIA_TYPE.test(type) && !json;
    const got = text === "" ? "an empty body" : named ? `${type} text` : "text that is not JSON";
    return [{ part: "body", pointer: "", expected: "a JSON body", got }];
  }
  const findings = new Findings(MAX_BODY_DRIFTS);
  walk(schema, body, findings);
  return findings.list.map((finding) => ({
    part: "body",
    pointer: placeOf(finding.steps),
    expected: expectedOf(finding),
    got: gotOf(finding),
  }));
}

/** Whether checking an answer of `status` needs its body read. */
export function wantsBody(rules: OperationRules, status: number): boolean {
  return rulesForStatus(rules, status)?.body !== undefined;
}
