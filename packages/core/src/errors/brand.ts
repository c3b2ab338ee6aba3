// `instanceof` compares prototypes, so an error thrown by one copy of this package (its ESM
// build, say) fails `instanceof` against the classes of another copy (its CJS build, loaded
// by a dependency). Each error class therefore marks its prototype with a registry symbol,
// the same in every copy, and its `Symbol.hasInstance` looks for that mark.

/** The registry symbol that marks instances of the error class called `name`. */
function markOf(name: string): symbol {
  return Symbol.for(`@x/core/${name}`);
}

const marks = new WeakMap<object, symbol>();

/** Marks `errorClass` so instances from any copy of this package are recognised. */
export function brand(errorClass: { prototype: object }, name: string): void {
  const mark = markOf(name);
  marks.set(errorClass, mark);
  Object.defineProperty(errorClass.prototype, mark, { value: true });
}

/**
 * Whether `value` is an instance of `errorClass`: by its mark when the class has one (an
 * instance from another copy carries the same mark), else by its prototype chain (a
 * caller's own subclass).
 */
export function isBranded(errorClass: object, value: unknown): boolean {
  const mark = marks.get(errorClass);
  if (mark === undefined) return Function.prototype[Symbol.hasInstance].call(errorClass, value);
  return typeof value === "object" && value !== null && mark in value;
}
