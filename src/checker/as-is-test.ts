import { JsonKind } from '../schema/json-kind.ts';
import type { JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';

// What a scalar leaf admits as it is, as a code, so the walks over objects and lists test it inline
// (a fitting property or item costs no call) and the leaf's own judge tests the same.
export const asIsNone = 0;
const asIsString = 1;
const asIsInteger = 2;
const asIsNumber = 3;
const asIsBoolean = 4;
const asIsStringMember = 5;

export type AsIsTest = {
  readonly asIs: number;
  /** For a text enum: the allowed scalars. */
  readonly members: ReadonlySet<unknown> | undefined;
};

const noAsIsTest: AsIsTest = { asIs: asIsNone, members: undefined };

/**
 * The node fields an as-is test accounts for. A node with any other field set (a keyword judged
 * later, such as a length) gets no as-is test, so a new keyword is judged without an edit here.
 */
const fieldsKnownToAsIs: ReadonlySet<string> = new Set<keyof JudgedSchemaNode>([
  'kind',
  'types',
  'admitsNull',
  'defaultValue',
  'allowedValues',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'judges',
]);

/**
 * The one-test form of a node whose fitting values are exactly the scalars of one declared type
 * (or the text members of an enum of type `string`); {@link asIsNone} for any other node. It only
 * says yes: a value it does not pass is judged in full by the node's judge.
 */
export function asIsTestOf(node: SchemaNode): AsIsTest {
  if (node.kind !== 'judged') return noAsIsTest;
  for (const [field, value] of Object.entries(node)) {
    if (value !== undefined && !fieldsKnownToAsIs.has(field)) return noAsIsTest;
  }
  const { types, allowedValues } = node;
  if (allowedValues !== undefined) {
    return types === JsonKind.string
      ? { asIs: asIsStringMember, members: allowedValues.scalars }
      : noAsIsTest;
  }
  switch (types) {
    case JsonKind.string:
      return { asIs: asIsString, members: undefined };
    case JsonKind.integer:
      return { asIs: asIsInteger, members: undefined };
    case JsonKind.number | JsonKind.integer:
      return { asIs: asIsNumber, members: undefined };
    case JsonKind.boolean:
      return { asIs: asIsBoolean, members: undefined };
    default:
      return noAsIsTest;
  }
}

/** Whether a value passes an {@link AsIsTest} (kept in step with `kindOfValue`). */
export function fitsAsIs(
  asIs: number,
  members: ReadonlySet<unknown> | undefined,
  value: unknown,
): boolean {
  switch (asIs) {
    case asIsString:
      return typeof value === 'string';
    case asIsInteger:
      return Number.isInteger(value);
    case asIsNumber:
      return typeof value === 'number' && value - value === 0;
    case asIsBoolean:
      return typeof value === 'boolean';
    case asIsStringMember:
      return typeof value === 'string' && (members as ReadonlySet<unknown>).has(value);
    default:
      return false;
  }
}
