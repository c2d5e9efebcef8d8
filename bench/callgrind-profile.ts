import { readFileSync } from 'node:fs';

/** Costs of one function, by callgrind event name (`Ir`, `ILmr`, `DLmr`, …). */
export type FunctionCosts = Map<string, number>;

/** What one callgrind run spent, function by function (self cost, calls not included). */
export type CallgrindProfile = {
  readonly events: readonly string[];
  readonly byFunction: ReadonlyMap<string, FunctionCosts>;
};

/**
 * Reads a callgrind output file written with `--dump-instr=yes`, naming V8's generated code by
 * the map Node writes with `--perf-basic-prof` (`/tmp/perf-<pid>.map`: start, size and name of
 * each piece of code). Code valgrind finds no symbol for is named by that map, by address;
 * everything else keeps the name valgrind gives it. Code V8 freed and replaced at the same
 * address is named after the piece listed last.
 */
export function readCallgrindProfile({
  outFile,
  codeMap,
}: {
  outFile: string;
  codeMap: string;
}): CallgrindProfile {
  const nameCode = codeNamer(readFileSync(codeMap, 'utf8'));
  const names = { fn: new Map<string, string>(), ob: new Map<string, string>() };
  let events: string[] = [];
  let positions = 1;
  let functionName = '';
  let address = 0;
  let callCostNext = false;
  const byFunction = new Map<string, FunctionCosts>();

  for (const line of readFileSync(outFile, 'utf8').split('\n')) {
    if (line.startsWith('events:')) {
      events = line.slice('events:'.length).trim().split(/\s+/);
    } else if (line.startsWith('positions:')) {
      positions = line.slice('positions:'.length).trim().split(/\s+/).length;
    } else if (line.startsWith('fn=')) {
      functionName = compressedName(names.fn, line.slice(3));
    } else if (line.startsWith('cfn=')) {
      compressedName(names.fn, line.slice(4));
    } else if (line.startsWith('calls=')) {
      // The next cost line is the inclusive cost of a call, not this function's own.
      callCostNext = true;
    } else if (/^(0x|\+|-|\*)/.test(line)) {
      const fields = line.split(' ');
      address = nextAddress(address, fields[0] as string);
      if (callCostNext) {
        callCostNext = false;
        continue;
      }
      const unnamed = functionName === '???' || functionName.startsWith('0x');
      const name = unnamed ? nameCode(address) : functionName;
      let costs = byFunction.get(name);
      if (costs === undefined) {
        costs = new Map();
        byFunction.set(name, costs);
      }
      const values = fields.slice(positions);
      for (let index = 0; index < values.length; index++) {
        const event = events[index] as string;
        costs.set(event, (costs.get(event) ?? 0) + Number(values[index]));
      }
    }
  }
  return { events, byFunction };
}

/** `(id) name` defines a compressed name, `(id)` refers to one defined before. */
function compressedName(known: Map<string, string>, text: string): string {
  const match = /^\((\d+)\)(?: (.*))?$/.exec(text);
  if (match === null) return text;
  const [, id, name] = match as unknown as [string, string, string | undefined];
  if (name !== undefined) known.set(id, name);
  return known.get(id) ?? text;
}

/** Positions are absolute (`0x…`), relative to the last (`+n`, `-n`), or the same (`*`). */
function nextAddress(last: number, position: string): number {
  if (position === '*') return last;
  if (position.startsWith('+')) return last + Number(position.slice(1));
  if (position.startsWith('-')) return last - Number(position.slice(1));
  return Number.parseInt(position, 16);
}

function codeNamer(map: string): (address: number) => string {
  const pieces = map
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line, order) => {
      const [start = '0', size = '0', ...name] = line.split(' ');
      return {
        start: Number.parseInt(start, 16),
        end: Number.parseInt(start, 16) + Number.parseInt(size, 16),
        name: name.join(' '),
        order,
      };
    })
    .sort((a, b) => a.start - b.start || a.order - b.order);
  return (address) => {
    // The last piece starting at or below the address, then back over pieces that may hold it.
    let low = 0;
    let high = pieces.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((pieces[middle]?.start ?? 0) <= address) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    let best: (typeof pieces)[number] | undefined;
    for (let index = found; index >= 0 && index > found - 64; index--) {
      const piece = pieces[index] as (typeof pieces)[number];
      if (address < piece.end && (best === undefined || piece.order > best.order)) best = piece;
    }
    return best?.name ?? 'generated code (unnamed)';
  };
}
