// TypeDoc plugin for the SDK reference: a parameter or a result declared with an exported
// type alias (`request: RangeRequest`, `ApiPromise<IndexInfo>`) links that alias. Aliases
// of a part of the generated spec types (`RangeRequest = RequestBodyOf<...>`) name no new
// type for TypeScript, so TypeDoc would print the object type itself, inline on every
// signature, as an anonymous `__type`.

import { Converter, ReferenceType, ReflectionType } from "typedoc";
import ts from "typescript";

/** @param {import("typedoc").Application} app */
export function load(app) {
  /** @type {{ owner: { type?: import("typedoc").SomeType }, node: ts.TypeNode, checker: ts.TypeChecker }[]} */
  const declared = [];
  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (context, signature, node) => {
    if (node === undefined || !ts.isFunctionLike(node)) return;
    const { checker } = context;
    if (node.type !== undefined) declared.push({ owner: signature, node: node.type, checker });
    for (const [i, parameter] of (signature.parameters ?? []).entries()) {
      const type = node.parameters[i]?.type;
      if (type !== undefined) declared.push({ owner: parameter, node: type, checker });
    }
  });
  // Once every export has its reflection, so that each alias can be found.
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const { owner, node, checker } of declared) {
      owner.type = named(context, checker, owner.type, node);
    }
    declared.length = 0;
  });
}

/**
 * `type` with every part written as a reference to an exported alias replaced by a link to
 * that alias; the rest as TypeDoc converted it.
 * @param {import("typedoc").Context} context
 * @param {ts.TypeChecker} checker
 * @param {import("typedoc").SomeType | undefined} type
 * @param {ts.TypeNode} node
 * @returns {import("typedoc").SomeType | undefined}
 */
function named(context, checker, type, node) {
  if (type === undefined || !ts.isTypeReferenceNode(node)) return type;
  if (node.typeArguments === undefined) {
    if (!(type instanceof ReflectionType)) return type;
    let symbol = checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const target = symbol && context.getReflectionFromSymbol(symbol);
    if (target === undefined) return type;
    context.project.removeReflection(type.declaration);
    return ReferenceType.createResolvedReference(target.name, target, context.project);
  }
  if (type instanceof ReferenceType && type.typeArguments?.length === node.typeArguments.length) {
    type.typeArguments = type.typeArguments.map((argument, i) =>
      named(context, checker, argument, /** @type {ts.TypeNode} */ (node.typeArguments?.[i])),
    );
  }
  return type;
}
