// The path templates of a spec, for `api`'s fetch: it names each request openapi-fetch
// sends by the template its path matches (traces, and the user's policies see
// `request.template`), without the guard's response tables.

/** The module listing the paths of `bundle` (a dereferenced spec), in the spec's order. */
export function pathTemplatesModule(header, bundle) {
  const templates = Object.keys(bundle.paths ?? {});
  return `${header}
/** Every path of the spec, as it writes it (\`/query/{namespace}\`). */
export const pathTemplates: readonly string[] = ${JSON.stringify(templates, null, 2)};
`;
}
