import { describeMismatch, type MismatchDraft } from './describe-mismatch.ts';
import type { Mismatch } from './mismatch.ts';
import { createNameSearchBudget, type NameSearchBudget } from './nearest-name.ts';

/** How strictly values are judged. */
export type Leniency = 'lenient' | 'exact';

/**
 * The running state of one check: where it is, and what it has found.
 * The path is one shared stack, pushed and popped, so a valid value costs no path allocations.
 */
export type CheckState = {
  readonly lenient: boolean;
  readonly maxMismatches: number;
  readonly path: Array<string | number>;
  readonly mismatches: Mismatch[];
  /** The sentences of `mismatches`, so a sentence told twice is seen in one lookup. */
  readonly told: Set<string>;
  mismatchCount: number;
  /** The lists and objects being walked, outermost first, so one that contains itself is seen. */
  readonly open: object[];
  /** Work left for "did you mean" suggestions; a turn's checks share one. */
  readonly nameSearch: NameSearchBudget;
};

export function createCheckState({
  leniency,
  maxMismatches,
  nameSearch = createNameSearchBudget(),
}: {
  leniency: Leniency;
  maxMismatches: number;
  /** The budget of suggestions, when shared with other checks (the calls of one turn). */
  nameSearch?: NameSearchBudget | undefined;
}): CheckState {
  return {
    lenient: leniency === 'lenient',
    maxMismatches,
    path: [],
    mismatches: [],
    told: new Set(),
    mismatchCount: 0,
    open: [],
    nameSearch,
  };
}

/**
 * Records a mismatch at the current path (plus `segment`, when given). Past the cap it is only
 * counted and `draft` is never called, so a 10 MB list of bad items costs no sentences.
 */
export function reportMismatch(
  state: CheckState,
  draft: () => Omit<MismatchDraft, 'path'>,
  segment?: string | number,
): void {
  if (state.mismatches.length >= state.maxMismatches) {
    state.mismatchCount++;
    return;
  }
  const path = segment === undefined ? [...state.path] : [...state.path, segment];
  tellMismatch(state, describeMismatch({ ...draft(), path }));
}

/**
 * Records a described mismatch, unless the same sentence was told already (two schemas applied
 * to one value can find the same mismatch).
 */
export function tellMismatch(state: CheckState, mismatch: Mismatch): void {
  if (state.told.has(mismatch.message)) return;
  state.mismatchCount++;
  if (state.mismatches.length >= state.maxMismatches) return;
  state.mismatches.push(mismatch);
  state.told.add(mismatch.message);
}
