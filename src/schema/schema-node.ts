import type { JsonKindSet } from './json-kind.ts';
import type { Pattern } from './read-pattern.ts';

/**
 * A schema node as toolgate reads it: only what the checker judges, in a form that is fast to run.
 * A keyword the schema does not use is absent from the node.
 *
 * - `any`: everything passes (`true`, `{}`, or a node the checker cannot judge).
 * - `never`: nothing passes (the boolean schema `false`).
 * - `judged`: the keywords below are judged; anything else on the node is ignored.
 */
export type SchemaNode = AnySchemaNode | NeverSchemaNode | JudgedSchemaNode;

export type AnySchemaNode = {
  readonly kind: 'any';
  /** Why nothing is judged here, when it is not simply an empty schema. */
  readonly skipped?: SkipReason;
};

export type NeverSchemaNode = { readonly kind: 'never' };

export type SkipReason =
  | { readonly code: 'keyword'; readonly keyword: string }
  | { readonly code: 'unknown-type'; readonly typeName: string }
  | { readonly code: 'malformed'; readonly keyword: string }
  | { readonly code: 'too-deep' };

export type JudgedSchemaNode = {
  readonly kind: 'judged';
  /** Declared types as {@link JsonKindSet} bits; `0` when the node declares no type. */
  readonly types: JsonKindSet;
  /**
   * Whether the node's own keywords let `null` through: the one definition toolgate uses. The
   * types must let it through (declared, no type declared, or OpenAPI's `nullable: true`) and so
   * must `enum`/`const` when given, as OpenAPI 3.0.3 reads `nullable` beside an `enum`. Schemas
   * applied to the same value (`anyOf`, `allOf`, …) have their own say.
   */
  readonly admitsNull: boolean;
  /** The schema's `default`, when it has one (any value; whether it may be used is judged later). */
  readonly defaultValue: { readonly value: unknown } | undefined;
  /** `enum` members (or `[const]`), when the node restricts values. */
  readonly allowedValues: AllowedValues | undefined;
  /** Named properties. Only own, enumerable names of the schema's `properties`. */
  readonly properties: ReadonlyMap<string, SchemaNode> | undefined;
  readonly required: readonly string[];
  /** What properties whose names match a pattern must fit (`patternProperties`). */
  readonly patternProperties?: readonly PatternRule[];
  /** What properties neither named nor matched by a pattern must fit. */
  readonly additionalProperties?: SchemaNode;
  /** What each name must fit (`propertyNames`). */
  readonly propertyNames?: SchemaNode;
  /** Names required when another is sent: `dependentRequired`, or draft 7 `dependencies` lists. */
  readonly dependentRequired?: ReadonlyMap<string, readonly string[]>;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  /** What the first items must fit, one schema each (`prefixItems`, draft 7 `items: [...]`). */
  readonly prefixItems?: readonly SchemaNode[];
  /**
   * What every item after {@link prefixItems} must fit (`items`, or draft 7 `additionalItems`
   * beside a list of `items`); `undefined` when anything may follow.
   */
  readonly items?: SchemaNode;
  /** What some items must fit (`contains`), at least `minContains` (default 1), at most `maxContains`. */
  readonly contains?: SchemaNode;
  readonly minContains?: number;
  readonly maxContains?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  /**
   * What the properties and items no other keyword judged must fit (`unevaluatedProperties`,
   * `unevaluatedItems`; read under 2020-12 only, where they are defined).
   */
  readonly unevaluatedProperties?: SchemaNode;
  readonly unevaluatedItems?: SchemaNode;
  /** `true` when no two items may be equal. */
  readonly uniqueItems?: true;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  /** Lengths in code points, as JSON Schema counts them. */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: Pattern;
  /**
   * Schemas the value must fit as well: `allOf`, and a `$ref` beside other keywords (2020-12). A
   * node of a `$ref` alone is the node it names.
   */
  readonly allOf: readonly SchemaNode[] | undefined;
  /** Schemas of which the value must fit one at least. */
  readonly anyOf: readonly SchemaNode[] | undefined;
  /** Schemas of which the value must fit exactly one. */
  readonly oneOf: readonly SchemaNode[] | undefined;
  /** A schema the value must not fit. */
  readonly not: SchemaNode | undefined;
  /** `if`, with the `then` and `else` it chooses between. */
  readonly condition: Condition | undefined;
  /**
   * Schemas an object must fit when it holds the named property: `dependentSchemas`, and draft
   * 7's `dependencies` (a list of names there reads as `required`).
   */
  readonly dependentSchemas: ReadonlyArray<readonly [string, SchemaNode]> | undefined;
  /**
   * The first keyword the node holds that can refuse a value but is not judged (`format`,
   * `unevaluatedProperties`, …): a pass here is not complete.
   */
  readonly unjudged: string | undefined;
  /**
   * The checker's judges of this node, one per leniency, kept with the node when first built (the
   * node is frozen, so they stay true to it; the checker alone reads and fills them).
   */
  readonly judges: { exact: unknown; lenient: unknown };
};

/** Properties whose names match `pattern` must fit `node`. */
export type PatternRule = { readonly pattern: Pattern; readonly node: SchemaNode };

/** `if` (`test`) with `then` (`whenFits`) and `else` (`whenNot`). */
export type Condition = {
  readonly test: SchemaNode;
  readonly whenFits: SchemaNode | undefined;
  readonly whenNot: SchemaNode | undefined;
};

export type AllowedValues = {
  readonly members: readonly unknown[];
  /** Scalar members, for a one-step membership test. */
  readonly scalars: ReadonlySet<unknown>;
  /** Members that are lists or objects, compared deeply. */
  readonly composites: readonly unknown[];
};

export const anySchemaNode: AnySchemaNode = { kind: 'any' };
export const neverSchemaNode: NeverSchemaNode = { kind: 'never' };
