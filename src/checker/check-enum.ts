import { compareDeeply } from '../schema/deep-equal.ts';
import { deepEqualHash } from '../schema/deep-equal-hash.ts';
import type { AllowedValues } from '../schema/schema-node.ts';
import { isNumberText } from './lenient-casts.ts';

/** What a {@link MemberFinder} answers for a value that is no member. */
export const noMember: unique symbol = Symbol('toolgate.noMember');

/**
 * What a {@link MemberFinder} answers for a list or object that differs from a member nowhere it
 * is compared, but lies deeper than it is compared: it may be that member or not.
 */
export const maybeMember: unique symbol = Symbol('toolgate.maybeMember');

/**
 * The allowed value a value stands for, {@link noMember} or {@link maybeMember}; see
 * {@link memberFinder}.
 */
export type MemberFinder = (value: unknown, lenient: boolean) => unknown;

/**
 * Finds the allowed value a value stands for: the value itself when it is a member, else (leniently)
 * the member as declared: `2` for `"2"` and the reverse, a text member in another letter case, and a
 * boolean member for the casts a boolean parameter takes (`"true"`, `"false"`, `1`, `0`).
 * {@link noMember} when it is none.
 *
 * Members are complete values: lists and objects are compared deeply, key order aside, and are
 * never cast ({@link maybeMember} past the depth compared); among many, only those sharing the
 * value's hash are compared. Lenient matching reads a case-folded index. Both indexes are built on
 * first need and kept by the finder (a judge builds one finder per node), so neither costs more
 * with the number of members: a long list judged against a long enum stays linear.
 */
export function memberFinder(allowed: AllowedValues): MemberFinder {
  let compositeIndex: ReadonlyMap<number, readonly unknown[]> | null | undefined;
  let lenientIndex: LenientIndex | undefined;
  const compositesLike = (value: object): readonly unknown[] => {
    const { composites } = allowed;
    if (composites.length <= maxComparedComposites) return composites;
    compositeIndex ??= compositeIndexOf(composites);
    if (compositeIndex === null) return composites;
    const hash = deepEqualHash(value, { enumerableOnly: true });
    if (hash === undefined) return composites;
    return compositeIndex.get(hash) ?? noComposites;
  };
  return (value, lenient) => {
    if (typeof value !== 'object' || value === null) {
      if (allowed.scalars.has(value)) return value;
    } else {
      let found: typeof noMember | typeof maybeMember = noMember;
      for (const member of compositesLike(value)) {
        const comparison = compareDeeply(member, value);
        if (comparison === 'equal') return value;
        if (comparison === 'unknown') found = maybeMember;
      }
      return found;
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
    lenientIndex ??= lenientIndexOf(allowed);
    const byLetters = lenientIndex.byFoldedText.get(value.toLowerCase());
    const byNumber = isNumberText(trimmed) ? lenientIndex.byNumber.get(Number(trimmed)) : undefined;
    // The member declared first wins, as a scan of the members in order would find it.
    const found =
      byLetters === undefined
        ? byNumber
        : byNumber === undefined || byLetters.order < byNumber.order
          ? byLetters
          : byNumber;
    return found === undefined ? noMember : found.member;
  };
}

/** Up to this many list and object members, comparing each costs less than hashing the value. */
const maxComparedComposites = 8;

const noComposites: readonly unknown[] = [];

/** Members by hash; `null` for an enum with a member too large to hash. */
function compositeIndexOf(
  composites: readonly unknown[],
): ReadonlyMap<number, readonly unknown[]> | null {
  const byHash = new Map<number, unknown[]>();
  for (const member of composites) {
    const hash = deepEqualHash(member);
    if (hash === undefined) return null;
    const members = byHash.get(hash);
    if (members === undefined) byHash.set(hash, [member]);
    else members.push(member);
  }
  return byHash;
}

type IndexedMember = { readonly member: unknown; readonly order: number };

type LenientIndex = {
  /** Text members by their lower-case form; the first declared wins. */
  readonly byFoldedText: ReadonlyMap<string, IndexedMember>;
  /** Number members by value. */
  readonly byNumber: ReadonlyMap<number, IndexedMember>;
};

function lenientIndexOf(allowed: AllowedValues): LenientIndex {
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
  return { byFoldedText, byNumber };
}
