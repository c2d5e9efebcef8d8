import type { SchemaNode } from '../schema/schema-node.ts';
import { createRun, type Judge, refused } from './judge-run.ts';

/**
 * Whether `null` fits a node: the one definition ("may this be null"), read from the prepared
 * node and asked of its exact judge (`judgeExactly`), so schemas applied to the same value
 * (`anyOf`, `allOf`, a `$ref` beside other keywords) have their say. An unjudged node lets
 * anything through, `null` included.
 */
export function nodeAdmitsNull(node: SchemaNode, judgeExactly: Judge): boolean {
  if (node.kind !== 'judged') return node.kind === 'any';
  return node.admitsNull && judgeExactly(null, createRun(undefined, undefined), 0) !== refused;
}
