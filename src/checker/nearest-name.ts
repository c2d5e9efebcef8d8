/** Names longer than this are not compared letter by letter. */
const maxComparedLength = 64;

/**
 * The accepted name a model most likely meant by `sent`: the same name in another letter case, or
 * the closest name within a small edit distance (a third of the name's length, at least one edit).
 * `undefined` when nothing is close enough to be a likely typo.
 */
export function nearestName(sent: string, accepted: readonly string[]): string | undefined {
  if (sent.length > maxComparedLength) return undefined;
  const lower = sent.toLowerCase();
  const acceptedLower = lowerCaseOf(accepted);
  const sameLetters = acceptedLower.indexOf(lower);
  if (sameLetters !== -1) return accepted[sameLetters];
  const budget = Math.max(1, Math.floor(sent.length / 3));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (let index = 0; index < accepted.length; index++) {
    const name = acceptedLower[index] as string;
    if (name.length > maxComparedLength || Math.abs(name.length - sent.length) >= bestDistance) {
      continue;
    }
    const distance = editDistance(lower, name);
    if (distance < bestDistance) {
      best = accepted[index];
      bestDistance = distance;
    }
  }
  return best;
}

const lowerCaseByList = new WeakMap<readonly string[], readonly string[]>();

/** The names in lower case, once per list (lists come from the prepared schema and are reused). */
function lowerCaseOf(names: readonly string[]): readonly string[] {
  let lower = lowerCaseByList.get(names);
  if (lower === undefined) {
    lower = names.map((name) => name.toLowerCase());
    lowerCaseByList.set(names, lower);
  }
  return lower;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table = tableOf(rows * columns);
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

let sharedTable = new Int32Array(1024);

/** One table reused by every comparison: names are short, and this runs once per unknown name. */
function tableOf(size: number): Int32Array {
  if (sharedTable.length < size) sharedTable = new Int32Array(size);
  return sharedTable;
}
