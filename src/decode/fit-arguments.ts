import { judgeArguments, type Leniency } from '../checker/check-arguments.ts';
import { prepareSchema } from '../schema/prepare-schema.ts';
import type { SchemaNode } from '../schema/schema-node.ts';

export type FitArgumentsOptions = {
  /** As for `checkArguments`. */
  leniency: Leniency;
};

export type ArgumentsFit = {
  /** Whether the checker finds no mismatch. */
  readonly fits: boolean;
  /**
   * Whether every part of the value met a node the checker judges. `false` when some part met a
   * node it skips (`anyOf`, `$ref`, …), where "fits" only means "not refused".
   */
  readonly complete: boolean;
};

/**
 * A yes/no answer to "do these arguments fit this schema", and whether that answer judged all of
 * the value. Decoding uses it to choose the branch of a union a value was meant for: a branch whose
 * fit is complete wins over one whose fit only skipped what it could not judge.
 *
 * Built on the checker's own judgement, so it never disagrees with a check.
 */
export function fitArguments(
  schema: unknown,
  value: unknown,
  { leniency }: FitArgumentsOptions,
): ArgumentsFit {
  const { mismatchCount } = judgeArguments(schema, value, { leniency, maxMismatches: 1 });
  let complete = false;
  try {
    complete = isComplete(prepareSchema(schema).root, value, 0);
  } catch {
    // A value that cannot be read is not judged completely.
  }
  return { fits: mismatchCount === 0, complete };
}

/** Past this depth, a value is not called completely judged. */
const maxDepth = 256;

function isComplete(node: SchemaNode, value: unknown, depth: number): boolean {
  if (node.kind === 'never') return true;
  if (node.kind === 'any') return node.skipped === undefined;
  if (depth > maxDepth) return false;
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    if (node.items === undefined) return true;
    return value.every((item) => isComplete(node.items as SchemaNode, item, depth + 1));
  }
  for (const name of Object.keys(value)) {
    const child = node.properties?.get(name) ?? node.additionalProperties;
    if (child === undefined) continue;
    if (!isComplete(child, (value as Record<string, unknown>)[name], depth + 1)) return false;
  }
  return true;
}
