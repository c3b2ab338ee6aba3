/**
 * Helpers shared by the x packages (`@x/workflow`, `@x/vector`, `@x/otel`,
 * `@x/dev-server`). Not public: not covered by semver, not in the SDK reference, and may
 * change in any release. Import what you need from the package roots instead.
 *
 * @internal
 * @module @x/core/internal
 */
export { checkBaseUrl } from "./base-url";
export type { ClientCore, ClientCoreConfig } from "./client-core";
export { createClientCore } from "./client-core";
export { readEnv } from "./env";
export type { StatusHints } from "./error-from-response";
export { invalid } from "./errors";
export { checkHeaderRecord, headerValue, isHeaderName } from "./headers";
export type { KeyList } from "./known-keys";
export { checkKnownKeys, checkObject, closestKey } from "./known-keys";
export { readLogLevel } from "./log";
export type { CallInit, Operation } from "./operation";
export { definedFields, type Optional, type TakingUndefined } from "./optional";
export { quote } from "./quote";
export { CLIENT_OPTION_KEYS, checkRequestOptions, checkTokenIn } from "./request-options";
export { checkFields, checkScalar } from "./schema/request-check";
export type { Schema } from "./schema/schema";
export { shownUrl } from "./shown-url";
export type { TransportConfig } from "./transport";
export { httpUrl } from "./url";
