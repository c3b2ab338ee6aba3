/**
 * The parsers `@x/dev-server` checks the trigger's headers with, the very ones this client
 * formats them by, so the two cannot drift. Not public: not covered by semver, not in the
 * SDK reference, and may change in any release.
 *
 * @internal
 * @module @x/workflow/internal
 */
export { parseDelay } from "./delay";
export type { FlowControlLimits } from "./flow-control";
export { formatFlowControl, parseFlowControlValue } from "./flow-control";
