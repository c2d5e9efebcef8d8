/**
 * Random arguments for a JSON Schema, for census and property tests: required properties always,
 * optional ones now and then, extra names where the object is open, one branch of each union,
 * references followed (recursion only a few levels). An optional property whose schema admits
 * `null` is always sent: strict mode requires it, so a strict model cannot leave it out either.
 * Not every sample is valid (patterns, formats and exclusive unions are only approximated): check
 * each against the schema and keep the valid.
 */
import { admitsNull } from '../../src/decode/passes/nullable-forms.ts';
import { resolveRef } from '../../src/schema/resolve-ref.ts';

export type Random = () => number;

/** A small seeded generator (mulberry32), so every run samples the same arguments. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

type Node = Record<string, unknown>;

export function sampleArguments(root: unknown, random: Random): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const anyJson = (depth: number): unknown => {
    const kind = depth > 2 ? Math.floor(random() * 4) : Math.floor(random() * 6);
    switch (kind) {
      case 0:
        return pick(['a', 'text', 'x y', '']);
      case 1:
        return pick([0, 1, -2.5, 42]);
      case 2:
        return random() < 0.5;
      case 3:
        return null;
      case 4:
        return [anyJson(depth + 1), anyJson(depth + 1)].slice(0, Math.floor(random() * 3));
      default: {
        const object: Record<string, unknown> = {};
        for (let index = 0; index < Math.floor(random() * 3); index++) {
          object[pick(['k', 'name', 'n2', 'z'])] = anyJson(depth + 1);
        }
        return object;
      }
    }
  };

  const sampleString = (node: Node): string => {
    switch (node.format) {
      case 'uuid':
        return '123e4567-e89b-12d3-a456-426614174000';
      case 'date-time':
        return '2026-11-30T12:00:00Z';
      case 'date':
        return '2026-11-30';
      case 'email':
        return 'a@example.com';
      case 'uri':
      case 'url':
        return 'https://example.com/a';
      default:
        break;
    }
    const min = typeof node.minLength === 'number' ? node.minLength : 0;
    const max = typeof node.maxLength === 'number' ? node.maxLength : 12;
    const text = pick(['abc', 'Hello', 'x', 'a b c', 'text-1']).padEnd(min, 'a');
    return text.slice(0, Math.max(min, Math.min(max, text.length)));
  };

  const sampleNumber = (node: Node, integer: boolean): number => {
    let low = typeof node.minimum === 'number' ? node.minimum : -5;
    let high = typeof node.maximum === 'number' ? node.maximum : 100;
    if (typeof node.exclusiveMinimum === 'number') low = node.exclusiveMinimum + 1;
    if (typeof node.exclusiveMaximum === 'number') high = node.exclusiveMaximum - 1;
    if (high < low) high = low;
    const value = low + random() * Math.min(high - low, 1000);
    return integer ? Math.ceil(value) : Math.round(value * 100) / 100;
  };

  const sample = (schema: unknown, depth: number): unknown => {
    if (schema === true || schema === undefined) return anyJson(depth);
    if (typeof schema !== 'object' || schema === null) return null;
    let node = schema as Node;
    if (typeof node.$ref === 'string') {
      const { $ref, ...rest } = node;
      node = { ...(resolveRef(root, $ref) as Node), ...rest };
    }
    if (Array.isArray(node.allOf)) {
      const { allOf, ...rest } = node;
      node = Object.assign({}, ...allOf.map((member) => member as Node), rest);
      return sample(node, depth);
    }
    if (Object.hasOwn(node, 'const')) return node.const;
    if (Array.isArray(node.enum)) return pick(node.enum);
    const union = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
    if (Array.isArray(union) && union.length > 0) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
      const branch = pick(union) as Node;
      return sample(typeof branch === 'object' ? { ...rest, ...branch } : branch, depth);
    }
    let type = node.type;
    if (Array.isArray(type))
      type = pick(type.filter((name) => name !== 'null' || depth > 6 || random() < 0.2));
    if (type === undefined) {
      if (node.properties !== undefined || node.additionalProperties !== undefined) type = 'object';
      else if (node.items !== undefined) type = 'array';
      else return anyJson(depth);
    }
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return random() < 0.5;
      case 'integer':
        return sampleNumber(node, true);
      case 'number':
        return sampleNumber(node, false);
      case 'string':
        return sampleString(node);
      case 'array': {
        const min = typeof node.minItems === 'number' ? node.minItems : 0;
        const max = Math.min(
          typeof node.maxItems === 'number' ? node.maxItems : 3,
          depth > 4 ? min : 3,
        );
        const count = min + Math.floor(random() * (Math.max(min, max) - min + 1));
        return Array.from({ length: count }, () => sample(node.items, depth + 1));
      }
      default: {
        const properties = (node.properties ?? {}) as Node;
        const required = new Set(Array.isArray(node.required) ? node.required : []);
        const object: Record<string, unknown> = {};
        for (const name of Object.keys(properties)) {
          const nullable = admitsNull(properties[name], {
            resolve: (ref) => resolveRef(root, ref),
          });
          if (required.has(name) || nullable || (depth < 5 && random() < 0.5)) {
            Object.defineProperty(object, name, {
              value: sample(properties[name], depth + 1),
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
        }
        // An object that names nothing takes any names, as JSON Schema reads it.
        const additional =
          node.additionalProperties ??
          (node.properties === undefined && depth > 0 ? true : undefined);
        if (additional !== undefined && additional !== false && depth < 5) {
          const names = node.propertyNames as Node | undefined;
          const keys = Array.isArray(names?.enum)
            ? (names.enum as string[])
            : ['extra', 'k-2', 'z'];
          for (const key of keys.slice(0, Math.floor(random() * 3))) {
            if (!Object.hasOwn(properties, key)) object[key] = sample(additional, depth + 1);
          }
        }
        for (const name of required) {
          if (typeof name === 'string' && !Object.hasOwn(object, name)) {
            object[name] =
              additional === undefined || additional === false
                ? anyJson(depth)
                : sample(additional, depth + 1);
          }
        }
        return object;
      }
    }
  };

  return sample(root, 0);
}
