import type { SchemaNode } from '../schema/schema-node.ts';

/**
 * Whether `null` fits a node: the one definition ("may this be null"), read from the prepared
 * node. An unjudged node lets anything through, `null` included.
 */
export function nodeAdmitsNull(node: SchemaNode): boolean {
  return node.kind === 'any' || (node.kind === 'judged' && node.admitsNull);
}
