import { ApiError } from "@x/core";

/**
 * The `result` of a 2xx body, which the spec wraps every answer in. A body without it
 * (a proxy's JSON, another service at this URL) is an ApiError, not a crash later on.
 */
export function resultOf<Result>(body: { result: Result }, response: Response): Result {
  if (typeof body !== "object" || body === null || !("result" in body)) {
    throw offSpec(body, response, 'has no "result" field');
  }
  return body.result;
}

/** `list` if it is an array, else an ApiError saying which part of the answer is not. */
export function listOf<List extends unknown[]>(
  list: List,
  what: string,
  body: unknown,
  response: Response,
): List {
  if (!Array.isArray(list)) throw offSpec(body, response, `has no ${what} list`);
  return list;
}

function offSpec(body: unknown, response: Response, problem: string): ApiError {
  return new ApiError(
    response.status,
    body,
    response.headers,
    `${response.status} body ${problem}, so it is not the vector service's answer. Check the URL.`,
  );
}
