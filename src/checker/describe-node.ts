import { JsonKind } from '../schema/json-kind.ts';
import type { JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';
import { describeAllowedValues } from './describe-mismatch.ts';
import { describeKinds, describeMember, excerpt, joinAlternatives } from './describe-value.ts';

/** How deep through unions and references a phrase is looked for. */
const maxDescribedDepth = 8;

/**
 * The node fields a phrase can say all of; a node with any other field set (`properties`, a
 * keyword judged later) is only described by its kinds, and not `exactly`.
 */
const fieldsSaid: ReadonlySet<string> = new Set<keyof JudgedSchemaNode>([
  'kind',
  'types',
  'admitsNull',
  'defaultValue',
  'allowedValues',
  'required',
  'anyOf',
  'judges',
]);

/**
 * What a node admits, as a phrase for a sentence: `text`, `"a" or "b"`, `an object with "id"`,
 * `text or an integer`. With `exactly`, `undefined` unless the phrase says all the node asks (as
 * "must not be …" needs); else the nearest phrase there is.
 */
export function describeNode(
  node: SchemaNode,
  { exactly = false }: { exactly?: boolean } = {},
  depth = 0,
): string | undefined {
  if (node.kind === 'never') return 'nothing';
  if (node.kind === 'any' || depth > maxDescribedDepth) return exactly ? undefined : 'a value';
  if (exactly && !saysAll(node)) return undefined;
  const { allowedValues, types, required, anyOf, oneOf, allOf } = node;
  if (allowedValues !== undefined)
    return describeAllowedValues(allowedValues.members, describeMember);
  if (exactly && required.length > 0)
    return `an object with ${required.map(excerpt).join(' and ')}`;
  if (types !== 0) return describeKinds(types);
  const branches = anyOf ?? oneOf ?? (allOf?.length === 1 ? allOf : undefined);
  if (branches === undefined) return exactly ? undefined : 'a value';
  const phrases = branches.map((branch) => describeNode(branch, { exactly }, depth + 1));
  if (phrases.includes(undefined)) return undefined;
  return joinAlternatives([...new Set(phrases as string[])]);
}

function saysAll(node: JudgedSchemaNode): boolean {
  const { types } = node;
  if (node.required.length > 0 && types !== 0 && types !== JsonKind.object) return false;
  // OpenAPI's `nullable` admits null beside types that do not name it.
  if (node.admitsNull && types !== 0 && (types & JsonKind.null) === 0) return false;
  for (const [field, value] of Object.entries(node)) {
    if (value !== undefined && !fieldsSaid.has(field)) return false;
  }
  return true;
}
