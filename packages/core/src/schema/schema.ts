/**
 * What a spec says about one value, compacted by `pnpm gen` from the spec's schema: its type
 * (or its enum, or its alternatives), bounds and pattern, an array's items, an object's
 * properties, which of them are required and what other properties may hold. The clients
 * check their requests against it before sending, and the spec guard checks answers with it;
 * both through one walker (walk.ts). A schema with none of these keys takes any value.
 */
export interface Schema {
  readonly type?: "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";
  readonly enum?: readonly (string | number | boolean | null)[];
  /** Fits when one alternative fits (the spec's `anyOf`, `oneOf`, `nullable` or type list). */
  readonly anyOf?: readonly Schema[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** A regular expression a string must match somewhere: the spec's `pattern`, as written. */
  readonly pattern?: string;
  /** The schema of each element of an array. */
  readonly items?: Schema;
  /** The schema of each property of an object the spec names. */
  readonly properties?: Readonly<Record<string, Schema>>;
  /**
   * Sets of keys of which one set must all be present: one set, or one per alternative that
   * differs from the others only in what it requires (`vector`, or `sparseVector`).
   */
  readonly required?: readonly (readonly string[])[];
  /**
   * What a property the spec does not name may hold: a schema, or `false` when the spec
   * closes the object (`additionalProperties: false`). Anything, when absent.
   */
  readonly additional?: Schema | false;
}
