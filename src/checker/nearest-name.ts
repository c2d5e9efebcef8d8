/** Names longer than this are not compared letter by letter. */
const maxComparedLength = 64;

/** How many names one search compares letter by letter, at most. */
const maxComparisons = 64;

/**
 * Comparison work one turn may spend on suggestions, in the units {@link NameSearchBudget}
 * counts: about 15 searches among 1,000 names, or 600 among 10. Each search is bounded (see
 * {@link nearestName}), but a turn of thousands of unknown names would still add up to seconds.
 */
export const maxNameSearchWork = 4_000_000;

/**
 * Comparison work left for suggestions, shared by the searches of one turn: each name looked at
 * costs one unit, each letter-count bound {@link buckets}, each edit distance the cells of its
 * table. A search that would run past it finds nothing, and so does every later one.
 */
export type NameSearchBudget = { work: number };

export function createNameSearchBudget(): NameSearchBudget {
  return { work: maxNameSearchWork };
}

export type NearestNameOptions = {
  /**
   * The work this search may spend, deducted as it goes; without it, only the bound of one search
   * applies (a single search, such as an option name, needs no more).
   */
  budget?: NameSearchBudget;
  /** `accepted` as {@link nameIndexOf} reads it, for a list searched more than once. */
  index?: NameIndex;
};

/**
 * The accepted name a model most likely meant by `sent`: the same name in another letter case, or
 * the closest name within a small edit distance (a third of the name's length, at least one edit).
 * `undefined` when nothing is close enough to be a likely typo, or when the search ran out of
 * `budget`: then no suggestion is better than one that a fuller search would not have made.
 *
 * The work is bounded whatever the lists hold: names are filtered by length and by a letter-count
 * bound (cheap, and never above the edit distance) before at most {@link maxComparisons} are
 * compared letter by letter, so 1,000 accepted names cost about as much as 64.
 */
export function nearestName(
  sent: string,
  accepted: readonly string[],
  { budget, index = nameIndexOf(accepted) }: NearestNameOptions = {},
): string | undefined {
  if (sent.length > maxComparedLength) return undefined;
  const lower = sent.toLowerCase();
  const sameLetters = index.byLowerCase.get(lower);
  // One lookup, not counted: a name in another letter case is suggested whatever the budget.
  if (sameLetters !== undefined) return accepted[sameLetters];
  if (budget !== undefined && budget.work <= 0) return undefined;
  const limit = Math.max(1, Math.floor(sent.length / 3));
  const sentCounts = letterCounts(lower);
  let best: string | undefined;
  let bestDistance = limit + 1;
  let comparisons = 0;
  let work = 0;
  const workLeft = budget?.work ?? Number.POSITIVE_INFINITY;
  for (
    let position = 0;
    position < accepted.length && comparisons < maxComparisons && work <= workLeft;
    position++
  ) {
    work++;
    const name = index.lowerCase[position] as string;
    if (name.length > maxComparedLength || Math.abs(name.length - sent.length) >= bestDistance) {
      continue;
    }
    work += buckets;
    if (letterBound(sentCounts, index.counts[position] as Uint8Array) >= bestDistance) continue;
    comparisons++;
    work += (lower.length + 1) * (name.length + 1);
    if (work > workLeft) break;
    const distance = editDistance(lower, name);
    if (distance < bestDistance) {
      best = accepted[position];
      bestDistance = distance;
    }
  }
  if (budget === undefined) return best;
  budget.work -= work;
  return work > workLeft ? undefined : best;
}

export type NameIndex = {
  readonly lowerCase: readonly string[];
  /** The first position of each lower-case name. */
  readonly byLowerCase: ReadonlyMap<string, number>;
  readonly counts: readonly Uint8Array[];
};

/** The names in lower case, with their letter counts: what {@link nearestName} reads. */
export function nameIndexOf(names: readonly string[]): NameIndex {
  const lowerCase = names.map((name) => name.toLowerCase());
  const byLowerCase = new Map<string, number>();
  lowerCase.forEach((name, position) => {
    if (!byLowerCase.has(name)) byLowerCase.set(name, position);
  });
  const counts = lowerCase.map((name) =>
    name.length > maxComparedLength ? new Uint8Array(buckets) : letterCounts(name),
  );
  return { lowerCase, byLowerCase, counts };
}

const buckets = 32;

/** How often each letter occurs, with letters folded into 32 buckets. */
function letterCounts(name: string): Uint8Array {
  const counts = new Uint8Array(buckets);
  for (let position = 0; position < name.length; position++) {
    const bucket = name.charCodeAt(position) % buckets;
    counts[bucket] = (counts[bucket] as number) + 1;
  }
  return counts;
}

/**
 * A lower bound of the edit distance from letter counts: each edit adds or removes at most one
 * letter on each side, and swapping neighbours changes no count.
 */
function letterBound(left: Uint8Array, right: Uint8Array): number {
  let more = 0;
  let fewer = 0;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const difference = (left[bucket] as number) - (right[bucket] as number);
    if (difference > 0) more += difference;
    else fewer -= difference;
  }
  return Math.max(more, fewer);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table = new Int32Array(rows * columns);
  for (let row = 0; row < rows; row++) table[row * columns] = row;
  for (let column = 0; column < columns; column++) table[column] = column;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(
        (table[(row - 1) * columns + column] ?? 0) + 1,
        (table[row * columns + column - 1] ?? 0) + 1,
        (table[(row - 1) * columns + column - 1] ?? 0) + cost,
      );
      if (
        row > 1 &&
        column > 1 &&
        left[row - 1] === right[column - 2] &&
        left[row - 2] === right[column - 1]
      ) {
        distance = Math.min(distance, (table[(row - 2) * columns + column - 2] ?? 0) + 1);
      }
      table[row * columns + column] = distance;
    }
  }
  return table[rows * columns - 1] ?? 0;
}
