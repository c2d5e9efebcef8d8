import { fitArguments } from '../checker/check-arguments.ts';
import type { ArgumentPath } from '../checker/mismatch.ts';
import { copyOf } from '../schema/copy-of.ts';
import { defineOwn } from '../schema/define-own.ts';
import { isRecord } from '../schema/is-record.ts';
import { type JsonKindSet, kindOfTypeName, kindOfValue } from '../schema/json-kind.ts';
import type { PreparedStore } from '../store/prepared-store.ts';
import { storeOption } from '../store/store-option.ts';
import {
  type DecodePlan,
  type DecodeVariant,
  jsonKindsPlan,
  type ObjectDecodePlan,
} from './decode-plan.ts';
import { type DecodeProblem, duplicateKeyProblem, jsonTextProblem } from './decode-problem.ts';

/** Beyond this depth, values are returned as they came. */
const maxDecodeDepth = 256;

export type DecodedArguments = {
  /** The arguments as the tool expects them. */
  readonly value: unknown;
  /**
   * What could not be decoded without guessing (a map key sent twice, JSON text that does not
   * parse), each with a sentence. Refuse the call when this is not empty.
   */
  readonly problems: readonly DecodeProblem[];
};

/**
 * Turns what a strict model sent back into what the tool expects: `null` placeholders become a
 * left-out argument or its default (a placeholder missing altogether counts as left out), maps
 * sent as `{ key, value }` entries become objects again, values sent as JSON text are parsed, and
 * recursive plans are followed as deep as the value goes. Everything else is returned untouched:
 * same values, same key order; an unchanged branch is the same object.
 *
 * Never throws on model input and never mutates it.
 *
 * @example
 * import { decodeWithPlan, toStrictSchema } from 'toolgate/decode';
 *
 * const { plan } = toStrictSchema({
 *   type: 'object',
 *   properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'] } },
 *   required: ['city'],
 * });
 * const decoded = decodeWithPlan({ city: 'Paris', unit: null }, plan);
 * // { value: { city: 'Paris' }, problems: [] }
 */
export function decodeWithPlan(
  args: unknown,
  plan: DecodePlan,
  {
    store,
  }: {
    /** Where the union branches' readings are kept; without one, a branch is read each time. */
    store?: PreparedStore;
  } = {},
): DecodedArguments {
  const problems: FoundProblem[] = [];
  const value = decodeValue(args, plan, {
    path: [],
    problems,
    depth: 0,
    store: storeOption(store, 'decodeWithPlan'),
    unions: new Map(),
  });
  return { value, problems: problems.map(({ path, describe }) => describe(path)) };
}

/**
 * {@link decodeWithPlan} without the problems: where a key was sent twice, the first one is kept.
 * Use {@link decodeWithPlan} to refuse such calls.
 *
 * @example
 * import { decodeArguments, toStrictSchema } from 'toolgate/decode';
 *
 * const { plan } = toStrictSchema({
 *   type: 'object',
 *   properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'] } },
 *   required: ['city'],
 * });
 * const args = decodeArguments({ city: 'Paris', unit: null }, plan); // { city: 'Paris' }
 */
export function decodeArguments(args: unknown, plan: DecodePlan): unknown {
  return decodeWithPlan(args, plan).value;
}

type DecodeState = {
  /** Where the value sits, from the nearest union (or the root). */
  readonly path: ArgumentPath;
  readonly problems: FoundProblem[];
  readonly depth: number;
  readonly store: PreparedStore | undefined;
  /** The unions decoded so far in this call, by union, then by value (see `decodeVariants`). */
  readonly unions: Map<ReadonlyArray<DecodeVariant>, Map<unknown, DecodedUnion>>;
};

/** A problem, with its path from the nearest union: described once its whole path is known. */
type FoundProblem = {
  readonly path: ArgumentPath;
  readonly describe: (path: ArgumentPath) => DecodeProblem;
};

type DecodedUnion = {
  readonly value: unknown;
  readonly problems: readonly FoundProblem[];
  /** The depth it was decoded at. */
  readonly depth: number;
};

function deeper(state: DecodeState, segment: string | number): DecodeState {
  return { ...state, path: [...state.path, segment], depth: state.depth + 1 };
}

function decodeValue(value: unknown, plan: DecodePlan, state: DecodeState): unknown {
  if (state.depth > maxDecodeDepth) return value;
  switch (plan.kind) {
    case 'none':
      return value;
    case 'reference':
      return decodeValue(value, plan.target.plan, { ...state, depth: state.depth + 1 });
    case 'json-text':
      return decodeJsonText(value, plan.parsed, state);
    case 'json-kinds':
      return typeof value === 'object' && value !== null ? decodeJsonKinds(value, state) : value;
    // A union may hold a branch sent as JSON text, so a string can need its branch too.
    case 'union':
      return decodeVariants(value, plan.variants, state);
    case 'map':
      return decodeEntries(value, plan.values, undefined, state);
    case 'list':
      return Array.isArray(value) ? decodeList(value, plan.items, state) : value;
    case 'object':
      return isRecord(value) ? decodeObject(value, plan, state) : value;
    case 'object-or-list':
      return decodeValue(value, Array.isArray(value) ? plan.list : plan.object, state);
  }
}

/**
 * A union, decoded once per value. Choosing a branch decodes each candidate all the way down, and
 * the candidates meet the same unions for the same values below (a recursive schema whose branches
 * differ only in keywords that are not sent): decoded afresh each time, the work would double at
 * every level. Kept rather than cut short by a budget: a part handed on undecoded could pass the
 * check as it is (JSON text where any value goes). Problems are kept with paths from the union, so
 * a result serves wherever the value is met; one made deeper down, where the depth limit may have
 * cut it short, is made again.
 */
function decodeVariants(
  value: unknown,
  variants: ReadonlyArray<DecodeVariant>,
  state: DecodeState,
): unknown {
  let decoded = state.unions.get(variants);
  if (decoded === undefined) {
    decoded = new Map();
    state.unions.set(variants, decoded);
  }
  let union = decoded.get(value);
  if (union === undefined || union.depth > state.depth) {
    union = { ...chooseVariant(value, variants, { ...state, path: [] }), depth: state.depth };
    decoded.set(value, union);
  }
  for (const { path, describe } of union.problems) {
    state.problems.push({ path: [...state.path, ...path], describe });
  }
  return union.value;
}

/**
 * The value decoded with the first branch it fits as sent (the strict branch, with
 * placeholders a gateway dropped counted as sent) and, decoded, fits as the source has it. A branch
 * judged completely both ways wins over one whose fit skipped parts the checker does not judge, and
 * either wins over one that fits only as sent (a configured default may not fit the source). A
 * value no branch fits is returned as it came, for the check to describe. A branch of a schema sent
 * as it is (no `strictSchema`) is chosen only by the decoded value.
 */
function chooseVariant(
  value: unknown,
  variants: ReadonlyArray<DecodeVariant>,
  state: DecodeState,
): { value: unknown; problems: readonly FoundProblem[] } {
  let best: { rank: number; value: unknown; problems: FoundProblem[] } | undefined;
  const kind = kindOfValue(value);
  for (const { schema, strictSchema, plan } of variants) {
    // A branch that cannot hold a value of this kind at all (a union of objects for a list) is
    // out, whatever parts of it the checker skips.
    if ((kindsOf(strictSchema ?? schema, 0) & kind) === 0) continue;
    let sentComplete = true;
    if (strictSchema !== undefined) {
      const sent = fitArguments(strictSchema, withPlaceholders(value, plan, 0, state.store), {
        ...exact,
        store: state.store,
      });
      if (!sent.fits) continue;
      sentComplete = sent.complete;
    }
    const problems: FoundProblem[] = [];
    const decoded = decodeValue(value, plan, { ...state, problems, depth: state.depth + 1 });
    const source = fitArguments(schema, decoded, { ...exact, store: state.store });
    if (!source.fits && strictSchema === undefined) continue;
    const rank = !source.fits ? 1 : sentComplete && source.complete ? 3 : 2;
    if (best === undefined || rank > best.rank) best = { rank, value: decoded, problems };
    if (rank === 3) break;
  }
  return best ?? { value, problems: [] };
}

const exact = { leniency: 'exact' } as const;
const allKinds = 0xff;

/** The kinds of value a schema can hold, through `anyOf`; any kind past a `$ref`. */
function kindsOf(schema: unknown, depth: number): JsonKindSet {
  if (typeof schema !== 'object' || schema === null) return schema === false ? 0 : allKinds;
  const node = schema as Record<string, unknown>;
  if (depth > 32 || typeof node.$ref === 'string') return allKinds;
  if (Array.isArray(node.anyOf)) {
    return node.anyOf.reduce<number>((all, branch) => all | kindsOf(branch, depth + 1), 0);
  }
  if (typeof node.type === 'string' || Array.isArray(node.type)) {
    const names: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
    return names.reduce<number>(
      (all, name) =>
        all | ((typeof name === 'string' ? kindOfTypeName(name) : undefined) ?? allKinds),
      0,
    );
  }
  if (Object.hasOwn(node, 'const')) return kindOfValue(node.const);
  if (Array.isArray(node.enum)) {
    return node.enum.reduce<number>((all, member) => all | kindOfValue(member), 0);
  }
  return allKinds;
}

/**
 * The value with every placeholder it left out sent as `null`, as a strict model sends it. In a
 * union, those of the first branch that the value then fits as sent.
 */
function withPlaceholders(
  value: unknown,
  plan: DecodePlan,
  depth: number,
  store: PreparedStore | undefined,
): unknown {
  if (depth > maxDecodeDepth || typeof value !== 'object' || value === null) return value;
  if (plan.kind === 'object-or-list') {
    return withPlaceholders(value, Array.isArray(value) ? plan.list : plan.object, depth, store);
  }
  if (plan.kind === 'union') {
    for (const variant of plan.variants) {
      // A branch sent as it is has no placeholders a strict model fills.
      if (variant.strictSchema === undefined) continue;
      const filled = withPlaceholders(value, variant.plan, depth + 1, store);
      if (fitArguments(variant.strictSchema, filled, { ...exact, store }).fits) return filled;
    }
    return value;
  }
  if (Array.isArray(value)) {
    if (plan.kind !== 'list') return value;
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const filled = withPlaceholders(item, plan.items, depth + 1, store);
      if (filled !== item) {
        copy ??= [...value];
        copy[index] = filled;
      }
    });
    return copy ?? value;
  }
  if (plan.kind !== 'object') return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const name of plan.placeholders.keys()) {
    if (Object.hasOwn(source, name)) continue;
    copy ??= { ...source };
    defineOwn(copy, name, null);
  }
  for (const [name, nested] of plan.properties) {
    if (!Object.hasOwn(source, name)) continue;
    const filled = withPlaceholders(source[name], nested, depth + 1, store);
    if (filled !== source[name]) {
      copy ??= { ...source };
      defineOwn(copy, name, filled);
    }
  }
  return copy ?? source;
}

function decodeList(list: readonly unknown[], itemPlan: DecodePlan, state: DecodeState): unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < list.length; index++) {
    const decoded = decodeValue(list[index], itemPlan, deeper(state, index));
    if (decoded !== list[index]) {
      copy ??= [...list];
      copy[index] = decoded;
    }
  }
  return copy ?? (list as unknown[]);
}

function decodeObject(
  source: Record<string, unknown>,
  plan: ObjectDecodePlan,
  state: DecodeState,
): Record<string, unknown> {
  const names = Object.keys(source);
  const { placeholders, properties, otherEntries } = plan;
  // Built only once something changes, so arguments without placeholders cost no copy.
  let decoded: Record<string, unknown> | undefined;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const value = source[name];
    const placeholder = placeholders.get(name);
    let next = value;
    let kept = true;
    if (otherEntries !== undefined && name === otherEntries.name) {
      // Moved back into the object below.
      kept = false;
    } else if (placeholder !== undefined && value === null) {
      if (placeholder.decodeTo === 'default') next = copyOf(placeholder.value);
      else kept = false;
    } else {
      const nested = properties.get(name);
      if (nested !== undefined) next = decodeValue(value, nested, deeper(state, name));
    }
    if (decoded === undefined) {
      if (kept && next === value) continue;
      decoded = copyNames(source, names, index);
    }
    if (kept) defineOwn(decoded, name, next);
  }
  for (const [name, placeholder] of placeholders) {
    if (placeholder.decodeTo === 'default' && !Object.hasOwn(source, name)) {
      decoded ??= copyNames(source, names, names.length);
      defineOwn(decoded, name, copyOf(placeholder.value));
    }
  }
  if (otherEntries !== undefined && Object.hasOwn(source, otherEntries.name)) {
    const list = source[otherEntries.name];
    decoded ??= copyNames(source, names, names.length);
    if (Array.isArray(list) && list.every(isEntry)) {
      const named = new Set(otherEntries.names);
      decodeEntries(list, otherEntries.values, { into: decoded, named }, state);
    } else if (list !== null) {
      // Not a list of entries: kept as sent, for the check to describe.
      defineOwn(decoded, otherEntries.name, list);
    }
  }
  return decoded ?? source;
}

/**
 * A map sent as `[{ key, value }, …]`, back into an object (or into `target.into`, beside the
 * object's named properties). Anything else is returned as it came, for the check to describe.
 */
function decodeEntries(
  list: unknown,
  valuePlan: DecodePlan,
  target: { into: Record<string, unknown>; named: ReadonlySet<string> } | undefined,
  state: DecodeState,
): unknown {
  if (!Array.isArray(list) || !list.every(isEntry)) return list;
  const object = target?.into ?? {};
  const seen = new Set<string>();
  for (const entry of list as Array<{ key: string; value: unknown }>) {
    const { key } = entry;
    if (seen.has(key) || target?.named.has(key) === true) {
      const named = target?.named.has(key) === true;
      state.problems.push({
        path: state.path,
        describe: (path) => duplicateKeyProblem(path, key, named),
      });
      continue;
    }
    seen.add(key);
    defineOwn(object, key, decodeValue(entry.value, valuePlan, deeper(state, key)));
  }
  return object;
}

function isEntry(item: unknown): boolean {
  return (
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    typeof (item as { key?: unknown }).key === 'string' &&
    Object.hasOwn(item, 'value')
  );
}

function decodeJsonText(value: unknown, parsedPlan: DecodePlan, state: DecodeState): unknown {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    state.problems.push({ path: state.path, describe: (path) => jsonTextProblem(path, value) });
    return value;
  }
  return decodeValue(parsed, parsedPlan, state);
}

/** Any JSON value, with every object in it sent as `{ entries: [{ key, value }] }`. */
function decodeJsonKinds(value: object, state: DecodeState): unknown {
  if (state.depth > maxDecodeDepth) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const decoded =
        typeof item === 'object' && item !== null
          ? decodeJsonKinds(item, deeper(state, index))
          : item;
      if (decoded !== item) {
        copy ??= [...value];
        copy[index] = decoded;
      }
    }
    return copy ?? value;
  }
  const entries = (value as { entries?: unknown }).entries;
  if (Object.keys(value).length !== 1 || !Array.isArray(entries)) return value;
  return decodeEntries(entries, jsonKindsPlan, undefined, state);
}

/** A new object with the first `count` of the names, in order. */
function copyNames(
  source: Record<string, unknown>,
  names: readonly string[],
  count: number,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    const name = names[index] as string;
    defineOwn(copy, name, source[name]);
  }
  return copy;
}
