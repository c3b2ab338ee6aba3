import { expectedOf, gotOf } from "../schema/rule-words";
import { Findings, placeOf, walk } from "../schema/walk";
import type { OperationRules, StatusRules } from "./rule-types";

// The check of one answer against what the spec declares for its operation: the status,
// then for a declared status its content type, required headers and body. Each drift is
// told by types and places only (see schema/walk.ts), never by a value of the answer.

/** The most places one answer's body is reported at: what a reader can act on, and a bound. */
export const MAX_BODY_DRIFTS = 20;

/** Which part of the answer drifted. */
export type DriftPart = "status" | "content-type" | "header" | "body";

/** One way an answer differs from the spec, without any value of the answer. */
export interface AnswerDrift {
  /** Which part of the answer: the status, its content type, a header, or the body. */
  part: DriftPart;
  /**
   * Where in that part: a JSON pointer into the body with each array index written `*`, so
   * every element is one place (`""` for the whole body; a property the spec does not name
   * is `*` too), a header's name (`/retry-after`), or `""` for the status and the content
   * type.
   */
  pointer: string;
  /** What the spec expects there. */
  expected: string;
  /** What came, as a type or a status: never a value of the body. */
  got: string;
}

/** The status rules that answer for `status`: its own, else its range (`4XX`), else `default`. */
function rulesForStatus(rules: OperationRules, status: number): StatusRules | undefined {
  const { responses } = rules;
  return (
    responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default
  );
}

/** The declared statuses, for a drift's `expected`: `200, 400 or 401`. */
function declaredStatuses(rules: OperationRules): string {
  const statuses = Object.keys(rules.responses);
  if (statuses.length <= 1) return statuses.join("");
  return `${statuses.slice(0, -1).join(", ")} or ${statuses.at(-1)}`;
}

/** `type/subtype` as RFC 9110 writes a media type, at a length any real one keeps under. */
const MEDIA_TYPE = /^[\w!#$&^.+-]{1,64}\/[\w!#$&^.+-]{1,64}$/;

/**
 * The media type of a Content-Type header, without parameters, in lower case; one that is
 * not a media type is not shown (it is the service's text, not a type).
 */
function mediaTypeOf(header: string | null): string | undefined {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  if (type === undefined || type === "") return undefined;
  return MEDIA_TYPE.test(type) ? type : "something that is not a media type";
}

/** Whether a media type is JSON: `application/json` or a `+json` type. */
function isJson(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

/**
 * The drifts of an answer: `status` and `headers` as they came, `text` its body (read by
 * the caller, only when `wantsBody` said the rules need it).
 */
export function checkAnswer(
  rules: OperationRules,
  status: number,
  headers: Headers,
  text: string,
): AnswerDrift[] {
  const declared = rulesForStatus(rules, status);
  if (declared === undefined) {
    const expected = declaredStatuses(rules);
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
    drifts.push({
      part: "content-type",
      pointer: "",
      expected: declared.contentTypes.join(" or "),
      got: type ?? "none",
    });
  }
  if (declared.body === undefined) return drifts;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const got = unparsed(text, type);
    drifts.push({ part: "body", pointer: "", expected: "a JSON body", got });
    return drifts;
  }
  const findings = new Findings(MAX_BODY_DRIFTS);
  walk(declared.body, body, findings);
  for (const finding of findings.list) {
    const pointer = placeOf(finding.steps);
    drifts.push({ part: "body", pointer, expected: expectedOf(finding), got: gotOf(finding) });
  }
  return drifts;
}

/** What came instead of JSON, in words: an empty body, the text of its media type, or text. */
function unparsed(text: string, type: string | undefined): string {
  if (text === "") return "an empty body";
  if (type !== undefined && MEDIA_TYPE.test(type) && !isJson(type)) return `${type} text`;
  return "text that is not JSON";
}

/** Whether checking an answer of `status` needs its body read. */
export function wantsBody(rules: OperationRules, status: number): boolean {
  return rulesForStatus(rules, status)?.body !== undefined;
}
