import { checkArguments } from '../checker/check-arguments.ts';
import type { DecodePlan } from './decode-plan.ts';

/** Beyond this depth, values are returned as they came. */
const maxDecodeDepth = 256;

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
  if (Array.isArray(value))
    return plan.items === undefined ? value : decodeList(value, plan.items, depth);
  const variant = plan.variants?.find(
    (candidate) =>
      checkArguments(candidate.schema, value, { leniency: 'exact', maxMismatches: 1 }).length === 0,
  );
  const objectPlan = variant?.plan ?? plan;
  if (objectPlan.placeholders === undefined && objectPlan.properties === undefined) return value;
  return decodeObject(value as Record<string, unknown>, objectPlan, depth);
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
  let changed = false;
  const decoded: Record<string, unknown> = {};
  for (const name of Object.keys(source)) {
    const value = source[name];
    const placeholder = plan.placeholders?.get(name);
    if (placeholder !== undefined && value === null) {
      changed = true;
      if (placeholder.decodeTo === 'default') setOwn(decoded, name, copyOf(placeholder.value));
      continue;
    }
    const nested = plan.properties?.get(name);
    const decodedValue = nested === undefined ? value : decodeValue(value, nested, depth + 1);
    if (decodedValue !== value) changed = true;
    setOwn(decoded, name, decodedValue);
  }
  if (plan.placeholders !== undefined) {
    for (const [name, placeholder] of plan.placeholders) {
      if (placeholder.decodeTo === 'default' && !Object.hasOwn(source, name)) {
        changed = true;
        setOwn(decoded, name, copyOf(placeholder.value));
      }
    }
  }
  return changed ? decoded : source;
}

/** Defines an own property, so a key named `__proto__` stays data instead of a prototype. */
function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Each call gets its own copy of a default, so a tool that mutates it cannot change the next one. */
function copyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}
