// The error object each service answers with, whatever refused the request (a route, the
// test kit, a fault rule, Node's HTTP parser): `{ error, status }` on the vector port, as the
// vector service's spec has it, and `{ error }` on the workflow port.

/** The service's error object for a status and message. */
export type ErrorBody = (status: number, error: string) => object;

/** The vector service's error body: `{ error, status }`. */
export function vectorErrorBody(status: number, error: string): { error: string; status: number } {
  return { error, status };
}

/** The workflow service's error body: `{ error }`. */
export function workflowErrorBody(_status: number, error: string): { error: string } {
  return { error };
}

/** The error body of the service behind a port. */
export function errorBodyOf(service: "workflow" | "vector"): ErrorBody {
  return service === "vector" ? vectorErrorBody : workflowErrorBody;
}
