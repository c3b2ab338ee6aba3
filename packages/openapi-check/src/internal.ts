/**
 * Helpers of the validator that the dev server reuses so it reads paths and bodies exactly
 * as the checks do. Not public: not covered by semver, not in the API report, and may change
 * in any release. Use the package root instead.
 *
 * @internal
 * @module @x/openapi-check/internal
 */
export { decodePercent } from "./match.js";
export { nestsDeeperThan } from "./read-body.js";
