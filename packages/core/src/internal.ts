/**
 * Helpers shared by the x packages (`@x/workflow`, `@x/vector`, `@x/otel`,
 * `@x/dev-server`). Not public: not covered by semver, not in the SDK reference, and may
 * change in any release. Import what you need from the package roots instead.
 *
 * @internal
 * @module @x/core/internal
 */
export { type ApiFetch, createApiFetch, jsonAnswers } from "./call/api-fetch";
export { callOperation } from "./call/call";
export { type CoreClient, type CoreClientConfig, createCoreClient } from "./call/client";
export {
  type CallInit,
  type DataOf,
  type JsonOf,
  type Operation,
  operationOf,
} from "./call/operation";
export { configuring, invalid } from "./errors/errors";
export type { StatusHints } from "./errors/from-response";
export { quote } from "./errors/quote";
export { shownUrl } from "./errors/shown-url";
export { CLIENT_OPTION_KEYS, checkRequestOptions, checkTokenIn } from "./options/check";
export { readEnv } from "./options/env";
export { checkHeaderRecord, headerValue, isHeaderName } from "./options/headers";
export { checkKnownKeys, checkObject, closestKey, type KeyList } from "./options/known-keys";
export { readLogLevel } from "./options/log";
export { definedFields, type Optional } from "./options/optional";
export { checkBaseUrl, httpUrl } from "./options/url";
export { checkFields, checkScalar } from "./schema/request-check";
export type { Schema } from "./schema/schema";
