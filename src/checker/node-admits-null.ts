import type { SchemaNode } from '../schema/schema-node.ts';

/** How deep through the schemas applied to one value null is looked for; deeper, it may fit. */
const maxNullDepth = 16;

/**
 * Whether `null` fits a node: the one definition ("may this be null"), read from the prepared
 * node. Its own keywords must admit it, and so must every `allOf` member and some branch of an
 * `anyOf`/`oneOf`. Where that is not known for sure (`not`, `if`, deep references) the answer is
 * yes, so `null` is left to the node's judge. An unjudged node lets anything through, `null`
 * included.
 */
export function nodeAdmitsNull(node: SchemaNode, depth = 0): boolean {
  if (node.kind !== 'judged') return node.kind === 'any';
  if (!node.admitsNull) return false;
  if (depth > maxNullDepth) return true;
  const admits = (branch: SchemaNode) => nodeAdmitsNull(branch, depth + 1);
  const { allOf, anyOf, oneOf } = node;
  return (
    (allOf === undefined || allOf.every(admits)) &&
    (anyOf === undefined || anyOf.some(admits)) &&
    (oneOf === undefined || oneOf.some(admits))
  );
}
