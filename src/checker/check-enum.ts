import { deepEqual } from '../schema/deep-equal.ts';
import type { AllowedValues } from '../schema/schema-node.ts';
import { isNumberText } from './lenient-casts.ts';

/** What {@link allowedMemberOf} answers for a value that is no member. */
export const noMember: unique symbol = Symbol('toolgate.noMember');

/**
 * The allowed value a value stands for: the value itself when it is a member, else (leniently) the
 * member as declared: `2` for `"2"` and the reverse, a text member in another letter case, and a
 * boolean member for the casts a boolean parameter takes (`"true"`, `"false"`, `1`, `0`).
 * {@link noMember} when it is none.
 *
 * Members are complete values: lists and objects are compared deeply, key order aside, and are
 * never cast. Lenient matching reads a case-folded index built once per enum, so its cost does not
 * grow with the number of members.
 */
export function allowedMemberOf(allowed: AllowedValues, value: unknown, lenient: boolean): unknown {
  if (typeof value !== 'object' || value === null) {
    if (allowed.scalars.has(value)) return value;
  } else {
    for (const member of allowed.composites) {
      if (deepEqual(member, value)) return value;
    }
    return noMember;
  }
  if (!lenient) return noMember;
  if (typeof value === 'number') {
    const text = String(value);
    if (allowed.scalars.has(text)) return text;
    if ((value === 1 || value === 0) && allowed.scalars.has(value === 1)) return value === 1;
    return noMember;
  }
  if (typeof value !== 'string') return noMember;
  const trimmed = value.trim();
  const spelledBoolean = trimmed.toLowerCase();
  if (spelledBoolean === 'true' || spelledBoolean === 'false') {
    if (allowed.scalars.has(spelledBoolean === 'true')) return spelledBoolean === 'true';
  }
  const index = lenientIndexOf(allowed);
  const byLetters = index.byFoldedText.get(value.toLowerCase());
  const byNumber = isNumberText(trimmed) ? index.byNumber.get(Number(trimmed)) : undefined;
  // The member declared first wins, as a scan of the members in order would find it.
  const found =
    byLetters === undefined
      ? byNumber
      : byNumber === undefined || byLetters.order < byNumber.order
        ? byLetters
        : byNumber;
  return found === undefined ? noMember : found.member;
}

/** Whether a value is one of the allowed values (see {@link allowedMemberOf}). */
export function isAllowedValue(allowed: AllowedValues, value: unknown, lenient: boolean): boolean {
  return allowedMemberOf(allowed, value, lenient) !== noMember;
}

type IndexedMember = { readonly member: unknown; readonly order: number };

type LenientIndex = {
  /** Text members by their lower-case form; the first declared wins. */
  readonly byFoldedText: ReadonlyMap<string, IndexedMember>;
  /** Number members by value. */
  readonly byNumber: ReadonlyMap<number, IndexedMember>;
};

const indexByAllowed = new WeakMap<AllowedValues, LenientIndex>();

function lenientIndexOf(allowed: AllowedValues): LenientIndex {
  let index = indexByAllowed.get(allowed);
  if (index !== undefined) return index;
  const byFoldedText = new Map<string, IndexedMember>();
  const byNumber = new Map<number, IndexedMember>();
  let order = 0;
  for (const member of allowed.scalars) {
    if (typeof member === 'string') {
      const folded = member.toLowerCase();
      if (!byFoldedText.has(folded)) byFoldedText.set(folded, { member, order });
    } else if (typeof member === 'number' && !byNumber.has(member)) {
      byNumber.set(member, { member, order });
    }
    order++;
  }
  index = { byFoldedText, byNumber };
  indexByAllowed.set(allowed, index);
  return index;
}
