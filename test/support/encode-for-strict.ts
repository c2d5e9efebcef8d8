/**
 * The inverse of decoding, for tests: what a strict model sends for a tool's arguments, given the
 * decode plan of the conversion. Placeholders left out are sent as `null`, maps as `{ key, value }`
 * entries, untyped values as JSON text or in the JSON-kinds form, recursion followed. For a union,
 * the value is encoded for the first branch whose source schema it fits (as its author meant it),
 * whose strict schema its encoding fits, and whose encoding decodes back to it.
 */
import { Validator } from '@cfworker/json-schema';
import { checkArguments } from '../../src/checker/check-arguments.ts';
import { decodeWithPlan } from '../../src/decode/decode-arguments.ts';
import {
  type DecodePlan,
  type DecodeVariant,
  emptyDecodePlan,
  type ObjectDecodePlan,
} from '../../src/decode/decode-plan.ts';
import { deepEqual } from '../../src/schema/deep-equal.ts';
import { isRecord } from '../../src/schema/is-record.ts';

export function encodeForStrict(value: unknown, plan: DecodePlan, depth = 0): unknown {
  if (depth > 200) return value;
  switch (plan.kind) {
    case 'none':
      return value;
    case 'reference':
      return encodeForStrict(value, plan.target.plan, depth + 1);
    case 'json-text':
      return JSON.stringify(value);
    case 'json-kinds':
      return encodeJsonKinds(value);
    case 'union': {
      const variant = chooseVariant(value, plan.variants);
      return variant === undefined ? value : encodeForStrict(value, variant.plan, depth + 1);
    }
    case 'object-or-list':
      return encodeForStrict(value, Array.isArray(value) ? plan.list : plan.object, depth + 1);
    case 'map':
      return typeof value === 'object' && value !== null
        ? Object.entries(value).map(([key, item]) => ({
            key,
            value: encodeForStrict(item, plan.values, depth + 1),
          }))
        : value;
    case 'list':
      return Array.isArray(value)
        ? value.map((item) => encodeForStrict(item, plan.items, depth + 1))
        : value;
    case 'object':
      return isRecord(value) ? encodeObject(value, plan, depth) : value;
  }
}

function encodeObject(
  source: Record<string, unknown>,
  plan: ObjectDecodePlan,
  depth: number,
): Record<string, unknown> {
  const { placeholders, properties, otherEntries } = plan;
  const encoded: Record<string, unknown> = {};
  const others: Array<{ key: string; value: unknown }> = [];
  const named = otherEntries === undefined ? undefined : new Set(otherEntries.names);
  for (const [name, item] of Object.entries(source)) {
    if (named !== undefined && !named.has(name)) {
      const values = otherEntries?.values ?? emptyDecodePlan;
      others.push({ key: name, value: encodeForStrict(item, values, depth + 1) });
      continue;
    }
    const nested = properties.get(name);
    setOwn(encoded, name, nested === undefined ? item : encodeForStrict(item, nested, depth + 1));
  }
  for (const name of placeholders.keys()) {
    if (!Object.hasOwn(source, name)) setOwn(encoded, name, null);
  }
  if (otherEntries !== undefined) setOwn(encoded, otherEntries.name, others);
  return encoded;
}

/**
 * The arguments as decoding gives them back: every placeholder that was left out and decodes to a
 * default holds that default.
 */
export function withDefaults(value: unknown, plan: DecodePlan, depth = 0): unknown {
  if (depth > 200 || typeof value !== 'object' || value === null) return value;
  switch (plan.kind) {
    case 'reference':
      return withDefaults(value, plan.target.plan, depth + 1);
    case 'union': {
      const variant = chooseVariant(value, plan.variants);
      return variant === undefined ? value : withDefaults(value, variant.plan, depth + 1);
    }
    case 'object-or-list':
      return withDefaults(value, Array.isArray(value) ? plan.list : plan.object, depth + 1);
    case 'map':
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          withDefaults(item, plan.values, depth + 1),
        ]),
      );
    case 'list':
      return Array.isArray(value)
        ? value.map((item) => withDefaults(item, plan.items, depth + 1))
        : value;
    case 'object': {
      if (!isRecord(value)) return value;
      const { placeholders, properties, otherEntries } = plan;
      const result: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        const other =
          otherEntries !== undefined && !otherEntries.names.includes(name)
            ? otherEntries.values
            : undefined;
        const itemPlan = properties.get(name) ?? other;
        setOwn(
          result,
          name,
          itemPlan === undefined ? item : withDefaults(item, itemPlan, depth + 1),
        );
      }
      for (const [name, placeholder] of placeholders) {
        if (!Object.hasOwn(value, name) && placeholder.decodeTo === 'default') {
          setOwn(result, name, placeholder.value);
        }
      }
      return result;
    }
    default:
      return value;
  }
}

/** The branch of a union the value is encoded for (see {@link encodeForStrict}). */
function chooseVariant(
  value: unknown,
  variants: ReadonlyArray<DecodeVariant>,
): DecodeVariant | undefined {
  const plan: DecodePlan = { kind: 'union', variants };
  for (const variant of variants) {
    if (!sourceFits(variant.schema, value)) continue;
    const encoded = encodeForStrict(value, variant.plan);
    // A branch the conversion closed cannot carry names it does not list.
    if (!sourceFits(variant.strictSchema, encoded)) continue;
    const { value: decoded, problems } = decodeWithPlan(encoded, plan);
    if (problems.length === 0 && deepEqual(decoded, withDefaults(value, variant.plan))) {
      return variant;
    }
  }
  return undefined;
}

const validators = new WeakMap<object, Validator>();

/** Whether the value fits a branch as the source has it; a branch that cannot be read is tried. */
function sourceFits(schema: unknown, value: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return schema !== false;
  // A branch that refers to the root's definitions cannot be validated on its own: the checker,
  // which skips references, judges the rest of it.
  if (JSON.stringify(schema).includes('"$ref"')) {
    return checkArguments(schema, value, { leniency: 'exact' }).length === 0;
  }
  try {
    let validator = validators.get(schema);
    if (validator === undefined) {
      validator = new Validator(schema, '2020-12', false);
      validators.set(schema, validator);
    }
    return validator.validate(value).valid;
  } catch {
    return true;
  }
}

function encodeJsonKinds(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(encodeJsonKinds);
  return {
    entries: Object.entries(value).map(([key, item]) => ({ key, value: encodeJsonKinds(item) })),
  };
}

function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
