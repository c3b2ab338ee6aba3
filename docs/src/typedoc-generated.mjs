// TypeDoc plugin for the SDK reference. `@x/workflow` re-exports the types generated
// from its OpenAPI spec (`components`, `operations`, `paths`); their nested members
// (`responses`, `content`, `application/json`, ...) mirror the spec's structure and are
// rewritten by `pnpm gen`, so they cannot carry hand-written comments. Each undocumented
// one is described as what it is, a part of the spec, so that `notDocumented` still
// holds every hand-written export to a real comment. The object types that hold those
// members (TypeScript's anonymous `__type`) need no comment of their own, and their
// internal name is kept out of every description.
import { Comment, Converter, ReflectionKind } from "typedoc";

const generated = /packages\/([^/]+)\/src\/generated\//;
const internalNames = new Set(["__type", "__index"]);

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const reflection of Object.values(project.reflections)) {
      if (reflection.hasComment() || reflection.kindOf(ReflectionKind.TypeLiteral)) continue;
      const file = project.getSymbolIdFromReflection(reflection)?.fileName ?? "";
      const service = generated.exec(file.replaceAll("\\", "/"))?.[1];
      if (service === undefined) continue;
      const where = reflection
        .getFriendlyFullName()
        .split(".")
        .slice(1)
        .filter((part) => !internalNames.has(part))
        .join(".");
      reflection.comment = new Comment([
        {
          kind: "text",
          text: `Generated from specs/${service}/openapi.yaml: \`${where}\` of the spec, described in the ${service} API reference.`,
        },
      ]);
    }
  });
}
