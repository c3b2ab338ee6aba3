import type { Policy } from "./policy";
import { answerAgain, readTextOf } from "./read-body";

/**
 * Between the user's policies and the client's own: an answer whose body the attempt read
 * is handed on as a Response whose body can be read again, so a user's policy (a guard, a
 * logger of bodies) reads it as any Response. Only in the chain of a client with policies
 * of its own: without one, nothing reads the rebuilt body.
 */
export const readable: Policy = async function readableAnswer(request, next) {
  const response = await next(request);
  const text = readTextOf(response);
  return text === undefined ? response : readableCopy(response, text);
};

/** `response` itself when its body can still be read, else a copy holding `text`. */
export function readableCopy(response: Response, text: string): Response {
  if (!response.bodyUsed) return response;
  return answerAgain(response, text, response.headers, response.url);
}
