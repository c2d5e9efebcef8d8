import { isPlainObject, JsonKind, kindOfValue, notJsonKind } from '../schema/json-kind.ts';
import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { createRun, type Judge } from './judge-run.ts';

/**
 * The schema's `default` when it may stand in for a `null`: JSON, not `null` itself (there a
 * `default: null` on a property that does not admit null means omission), and fitting the
 * property's schema exactly (`judgeExactly`), so the normalized arguments still fit.
 */
export function usableDefaultOf(
  node: SchemaNode,
  judgeExactly: Judge,
): { readonly value: unknown } | undefined {
  if (node.kind !== 'judged' || node.defaultValue === undefined) return undefined;
  const { value } = node.defaultValue;
  if (value === null || !isJsonValue(value, 0)) return undefined;
  return judgeExactly(value, createRun({ args: value }), 0) === value ? { value } : undefined;
}

function isJsonValue(value: unknown, depth: number): boolean {
  if (depth > maxSchemaDepth) return false;
  const kind = kindOfValue(value);
  if ((kind & notJsonKind) !== 0) return false;
  if (kind === JsonKind.array) {
    return (value as unknown[]).every((item) => isJsonValue(item, depth + 1));
  }
  if (kind === JsonKind.object) {
    return (
      isPlainObject(value as object) &&
      Object.values(value as object).every((item) => isJsonValue(item, depth + 1))
    );
  }
  return true;
}
