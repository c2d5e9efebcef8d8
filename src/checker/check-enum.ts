import { deepEqual } from '../schema/deep-equal.ts';
import type { AllowedValues } from '../schema/schema-node.ts';
import { isNumberText } from './lenient-casts.ts';

/**
 * Whether a value is one of the allowed values. Members are complete values: lists and objects are
 * compared deeply, key order aside. Leniently, `2` matches `"2"` (and the reverse) and text matches
 * a member in another letter case.
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
  if (typeof value === 'number') return allowed.scalars.has(String(value));
  if (typeof value !== 'string') return false;
  const lower = value.toLowerCase();
  const trimmed = value.trim();
  for (const member of allowed.scalars) {
    if (typeof member === 'string' && member.toLowerCase() === lower) return true;
    if (typeof member === 'number' && isNumberText(trimmed) && Number(trimmed) === member) {
      return true;
    }
  }
  return false;
}
