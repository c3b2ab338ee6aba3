// The import rules `pnpm lint:deps` checks (dependency-cruiser): no import cycle inside
// any package, and the arrows between workspace packages run one way:
//   clients (core <- workflow, vector) <- contract suite -> openapi-check <- dev server,
//   and the dev server -> vector (its import reads a live index),
//   and the contract suite -> dev server (the generated suites drive it),
//   and otel -> core.
// Each package lists the workspace packages its shipped sources may import, and what its
// tests may import besides; anything else is an arrow the wrong way.

/** @type {Record<string, { src: string[]; test: string[] }>} */
const MAY_IMPORT = {
  core: { src: [], test: [] },
  // The clients' tests check the requests they send with the validator.
  workflow: { src: ["core"], test: ["openapi-check"] },
  vector: { src: ["core"], test: ["openapi-check"] },
  otel: { src: ["core"], test: ["workflow", "vector", "dev-server", "openapi-check"] },
  "openapi-check": { src: [], test: [] },
  // The generated suites drive the dev server (its public API) and check its answers.
  contract: { src: ["core", "workflow", "vector", "openapi-check", "dev-server"], test: [] },
  // The dev server's import reads a live index through the vector client.
  "dev-server": { src: ["core", "workflow", "vector", "openapi-check"], test: [] },
};

/** A forbidden rule: files under `from` may import no package but `allowed`. */
function arrow(name, part, allowed) {
  return {
    name: `arrows-${name}-${part}`,
    comment: `packages/${name}/${part} may import only ${allowed.map((p) => `@x/${p}`).join(", ") || "no other workspace package"}`,
    severity: "error",
    from: { path: `^packages/${name}/${part}/` },
    to: { path: "^packages/", pathNot: `^packages/(${[name, ...allowed].join("|")})/` },
  };
}

const arrows = Object.entries(MAY_IMPORT).flatMap(([name, { src, test }]) => [
  arrow(name, "src", src),
  arrow(name, "test", [...src, ...test]),
]);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle of imports inside a package: move what both sides need into a third file.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "An import that does not resolve: a workspace package must be a declared dependency.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "package-in-arrow-table",
      comment: "Every package under packages/ is listed in MAY_IMPORT in .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: `^packages/(?!(${Object.keys(MAY_IMPORT).join("|")})/)` },
      to: {},
    },
    ...arrows,
  ],
  options: {
    // Unresolved workspace imports stay in view (as "@x/..."), so they can be reported.
    includeOnly: "^(packages/[^/]+/(src|test)/|@x/)",
    exclude: { path: "/generated/|/fixtures/" },
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a cycle through types is still a cycle between files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["source", "import", "require", "default"],
      extensions: [".ts", ".mts", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    moduleSystems: ["es6", "cjs"],
  },
};
