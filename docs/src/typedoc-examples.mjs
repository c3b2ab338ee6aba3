// TypeDoc plugin for the SDK reference: every method, constructor and function the
// packages declare shows how it is called. A signature without an `@example` is a
// warning, and warnings fail the build (docs/typedoc.json). Members inherited from the
// platform (`Error.captureStackTrace`) are not ours to document.
import { Converter } from "typedoc";
import { CALLABLE } from "./sdk-examples.mjs";

/**
 * The full names of the callables declared in the project with a signature that has no
 * `@example`.
 * @param {import("typedoc").ProjectReflection} project
 * @returns {string[]}
 */
function callablesWithoutExample(project) {
  return project
    .getReflectionsByKind(CALLABLE)
    .filter((reflection) => !reflection.flags.isExternal && !reflection.inheritedFrom)
    .filter((reflection) =>
      (reflection.signatures ?? []).some((signature) => !signature.comment?.getTag("@example")),
    )
    .map((reflection) => reflection.getFriendlyFullName());
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const name of callablesWithoutExample(context.project)) {
      app.logger.warn(`${name} has no @example: add one to its TSDoc comment`);
    }
  });
}
