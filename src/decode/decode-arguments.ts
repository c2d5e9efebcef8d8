import { judgeArguments } from '../checker/check-arguments.ts';
import type { ArgumentPath } from '../checker/mismatch.ts';
import type { DecodePlan } from './decode-plan.ts';

/** Beyond this depth, values are returned as they came. */
const maxDecodeDepth = 256;

/** More mismatches than this and a branch is not the one the value was meant for. */
const maxVariantMismatches = 32;

/**
 * Turns the `null` placeholders a strict model sent back into what the tool expects: a left-out
 * argument, or its default. A placeholder missing altogether counts as left out. Everything else
 * is returned untouched: same values, same key order; an unchanged branch is the same object.
 *
 * Never throws on model input and never mutates it.
 *
 * @example
 * const { plan } = toStrictSchema(schema);
 * decodeArguments({ city: 'Paris', unit: null }, plan); // { city: 'Paris' }
 */
export function decodeArguments(args: unknown, plan: DecodePlan): unknown {
  return decodeValue(args, plan, 0);
}

function decodeValue(value: unknown, plan: DecodePlan, depth: number): unknown {
  if (depth > maxDecodeDepth || typeof value !== 'object' || value === null) return value;
  if (plan.variants !== undefined) {
    // Lists and objects alike can be branches, and a branch can be a union of its own.
    const variant = plan.variants.find((candidate) => fitsVariant(value, candidate));
    return variant === undefined ? value : decodeValue(value, variant.plan, depth + 1);
  }
  if (Array.isArray(value))
    return plan.items === undefined ? value : decodeList(value, plan.items, depth);
  if (plan.placeholders === undefined && plan.properties === undefined) return value;
  return decodeObject(value as Record<string, unknown>, plan, depth);
}

/**
 * Whether a value is meant for a branch: it fits the branch's strict schema, except for
 * placeholders left out altogether, which count as omitted here as everywhere else.
 */
function fitsVariant(
  value: unknown,
  variant: { readonly schema: unknown; readonly plan: DecodePlan },
): boolean {
  const { mismatches, mismatchCount } = judgeArguments(variant.schema, value, {
    leniency: 'exact',
    maxMismatches: maxVariantMismatches,
  });
  return (
    mismatchCount === mismatches.length &&
    mismatches.every(
      (mismatch) => mismatch.code === 'missing' && isPlaceholderAt(variant.plan, mismatch.path),
    )
  );
}

/** Whether the plan has a placeholder at this argument path (the last name is the placeholder). */
function isPlaceholderAt(plan: DecodePlan, path: ArgumentPath): boolean {
  let level: DecodePlan | undefined = plan;
  for (let index = 0; index < path.length - 1 && level !== undefined; index++) {
    const segment = path[index];
    level = typeof segment === 'number' ? level.items : level.properties?.get(String(segment));
  }
  const name = path[path.length - 1];
  return typeof name === 'string' && level?.placeholders?.has(name) === true;
}

function decodeList(list: readonly unknown[], itemPlan: DecodePlan, depth: number): unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < list.length; index++) {
    const decoded = decodeValue(list[index], itemPlan, depth + 1);
    if (decoded !== list[index]) {
      copy ??= [...list];
      copy[index] = decoded;
    }
  }
  return copy ?? (list as unknown[]);
}

function decodeObject(
  source: Record<string, unknown>,
  plan: DecodePlan,
  depth: number,
): Record<string, unknown> {
  const names = Object.keys(source);
  // Built only once something changes, so arguments without placeholders cost no copy.
  let decoded: Record<string, unknown> | undefined;
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string;
    const value = source[name];
    const placeholder = plan.placeholders?.get(name);
    let next = value;
    let kept = true;
    if (placeholder !== undefined && value === null) {
      if (placeholder.decodeTo === 'default') next = copyOf(placeholder.value);
      else kept = false;
    } else {
      const nested = plan.properties?.get(name);
      if (nested !== undefined) next = decodeValue(value, nested, depth + 1);
    }
    if (decoded === undefined) {
      if (kept && next === value) continue;
      decoded = copyNames(source, names, index);
    }
    if (kept) setOwn(decoded, name, next);
  }
  if (plan.placeholders !== undefined) {
    for (const [name, placeholder] of plan.placeholders) {
      if (placeholder.decodeTo === 'default' && !Object.hasOwn(source, name)) {
        decoded ??= copyNames(source, names, names.length);
        setOwn(decoded, name, copyOf(placeholder.value));
      }
    }
  }
  return decoded ?? source;
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
    setOwn(copy, name, source[name]);
  }
  return copy;
}

/** Defines an own property, so a key named `__proto__` stays data instead of a prototype. */
function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  if (name !== '__proto__') {
    target[name] = value;
    return;
  }
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Each call gets its own copy of a default, so a tool that mutates it cannot change the next one. */
function copyOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    // A default that cannot be cloned (a function inside, a class instance) is handed over as is.
    return value;
  }
}
