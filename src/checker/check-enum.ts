import { deepEqual } from '../schema/deep-equal.ts';
import type { AllowedValues } from '../schema/schema-node.ts';
import { isNumberText } from './lenient-casts.ts';

/**
 * Whether a value is one of the allowed values. Members are complete values: lists and objects are
 * compared deeply, key order aside. Leniently, `2` matches `"2"` (and the reverse), text matches
 * a member in another letter case, and a boolean member is matched by the casts a boolean
 * parameter takes (`"true"`, `"false"`, `1`, `0`).
 */
export function isAllowedValue(allowed: AllowedValues, value: unknown, lenient: boolean): boolean {
  if (typeof value !== 'object' || value === null) {
    if (allowed.scalars.has(value)) return true;
  } else {
    for (const member of allowed.composites) {
      if (deepEqual(member, value)) return true;
    }
    return false;
  }
  if (!lenient) return false;
  if (typeof value === 'number') {
    if (allowed.scalars.has(String(value))) return true;
    return (value === 1 || value === 0) && allowed.scalars.has(value === 1);
  }
  if (typeof value !== 'string') return false;
  const lower = value.toLowerCase();
  const trimmed = value.trim();
  const spelledBoolean = trimmed.toLowerCase();
  if (spelledBoolean === 'true' || spelledBoolean === 'false') {
    if (allowed.scalars.has(spelledBoolean === 'true')) return true;
  }
  for (const member of allowed.scalars) {
    if (typeof member === 'string' && member.toLowerCase() === lower) return true;
    if (typeof member === 'number' && isNumberText(trimmed) && Number(trimmed) === member) {
      return true;
    }
  }
  return false;
}
