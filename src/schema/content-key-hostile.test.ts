import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentKeyOf } from './content-key.ts';
import { hasSnapshotContent, snapshotOfContentKey } from './content-snapshot.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `JSON.rawJSON`, which the TypeScript library does not declare yet. */
const { rawJSON } = JSON as unknown as { rawJSON: (text: string) => unknown };

class ListOfSchemas extends Array<unknown> {}

/**
 * A copy of a JSON value, one hostile change per node picked by `choose`: some keep the content a
 * walker reads (a hidden `toJSON`, a null prototype, a getter, a symbol or non-enumerable key),
 * some change it (a hole, an array subclass, a raw JSON value, a boxed primitive, a new key).
 */
function disguise(value: Json, choose: () => number): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => disguise(item, choose));
    switch (choose() % 7) {
      case 1:
        return ListOfSchemas.from(items);
      case 2:
        if (items.length > 0) delete items[choose() % items.length];
        return items;
      case 3:
        return Object.defineProperty(items, 'toJSON', { value: () => 'other' });
      case 4:
        return Object.assign(items, { note: 'not an item' });
      case 5:
        return Object.setPrototypeOf(items, null);
      default:
        return items;
    }
  }
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = disguise(item, choose);
    const keys = Object.keys(copy);
    switch (choose() % 9) {
      case 1:
        return Object.assign(Object.create(null), copy);
      case 2:
        return Object.defineProperty(copy, 'toJSON', { value: () => ({ other: true }) });
      case 3:
        return Object.defineProperty(copy, 'hidden', { value: 1, enumerable: false });
      case 4:
        return Object.assign(copy, { [Symbol('extra')]: 1 });
      case 5: {
        const key = keys[choose() % Math.max(keys.length, 1)];
        if (key === undefined) return copy;
        const item = copy[key];
        return Object.defineProperty(copy, key, { get: () => item, enumerable: true });
      }
      case 6:
        return Object.assign(Object.create({ inherited: 1 }), copy);
      case 7:
        return Object.assign(copy, { 7: 'an integer-like key' });
      default:
        return copy;
    }
  }
  switch (choose() % 5) {
    case 1:
      return value === null
        ? value
        : Object.setPrototypeOf(Object(value), choose() % 2 === 0 ? Object.prototype : null);
    case 2:
      return rawJSON(JSON.stringify(value));
    case 3:
      return value === 0 ? -0 : value;
    default:
      return value;
  }
}

/** What a walker reads of a value: own enumerable string keys and list items, as plain JSON. */
function readAsWalker(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Array.from(value, readAsWalker);
  const read: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    read[key] = readAsWalker((value as Record<string, unknown>)[key]);
  }
  return read;
}

const disguised = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.array(fc.nat(), { minLength: 1, maxLength: 64 }))
  .map(([value, choices]) => {
    let next = 0;
    const choose = () => choices[next++ % choices.length] as number;
    return { plain: value as Json, hostile: disguise(value as Json, choose) };
  });

describe('contentKeyOf and hasSnapshotContent on hostile values', () => {
  it('should give a key only when it is the JSON text of what a walker reads', () => {
    fc.assert(
      fc.property(disguised, ({ hostile }) => {
        const key = contentKeyOf(hostile);
        if (key !== undefined) expect(key).toBe(JSON.stringify(readAsWalker(hostile)));
      }),
      { numRuns: 3000 },
    );
  });

  it('should never call a value the same as a snapshot whose key contentKeyOf would not give it', () => {
    fc.assert(
      fc.property(disguised, fc.jsonValue({ maxDepth: 4 }), ({ plain, hostile }, other) => {
        for (const candidate of [plain, other]) {
          const key = contentKeyOf(candidate) as string;
          const snapshot = snapshotOfContentKey(key);
          if (snapshot === undefined) continue;
          const valueKey = contentKeyOf(hostile);
          const same = hasSnapshotContent(snapshot, hostile);
          // "Same" is what a walker reads; a value JSON text misstates has no key at all.
          if (same) {
            expect([key, undefined]).toContain(valueKey);
            expect(JSON.stringify(readAsWalker(hostile))).toBe(key);
          }
          if (valueKey === key) expect(same).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('should give no key for an object whose JSON text is not its content', () => {
    const hidden = Object.defineProperty({ type: 'object' }, 'toJSON', {
      value: () => ({ type: 'string' }),
    });
    const boxed = Object.setPrototypeOf(new Boolean(false), Object.prototype);
    const values = [
      hidden,
      { items: hidden },
      { type: rawJSON('"string"') },
      { properties: boxed },
      { enum: Object.defineProperty([1], 'toJSON', { value: () => [2] }) },
    ];
    for (const value of values) expect(contentKeyOf(value)).toBeUndefined();
  });

  it('should give no key when a prototype gains a toJSON, and compare what a walker reads', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    const snapshot = snapshotOfContentKey(contentKeyOf(schema) as string);
    if (snapshot === undefined) throw new Error('no snapshot');
    try {
      for (const prototype of [Object.prototype, Array.prototype]) {
        Object.defineProperty(prototype, 'toJSON', {
          value: () => 'polluted',
          configurable: true,
          writable: true,
        });
        expect(contentKeyOf(structuredClone(schema))).toBeUndefined();
        expect(hasSnapshotContent(snapshot, structuredClone(schema))).toBe(true);
        delete (prototype as { toJSON?: unknown }).toJSON;
      }
    } finally {
      delete (Object.prototype as { toJSON?: unknown }).toJSON;
      delete (Array.prototype as { toJSON?: unknown }).toJSON;
    }
  });

  it('should take an enumerable key added to Object.prototype for no part of any content', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } } };
    const key = contentKeyOf(schema) as string;
    const snapshot = snapshotOfContentKey(key);
    const polluted = Object.prototype as { polluted?: unknown };
    try {
      polluted.polluted = 'number';
      // JSON reads own keys only, so the key is unchanged; the comparison misses rather than
      // reading the inherited key as content.
      expect(contentKeyOf(schema)).toBe(key);
      polluted.polluted = { type: 'number' };
      expect([key, undefined]).toContain(contentKeyOf(schema));
      expect(hasSnapshotContent(snapshot as never, schema)).toBe(false);
    } finally {
      delete polluted.polluted;
    }
  });

  it('should compare a getter that answers differently by the value it gives at that read', () => {
    let reads = 0;
    const shifting = {
      type: 'object',
      get description() {
        reads++;
        return reads === 1 ? 'first' : 'later';
      },
    };
    const first = contentKeyOf({ type: 'object', description: 'first' }) as string;
    const later = contentKeyOf({ type: 'object', description: 'later' }) as string;
    expect(contentKeyOf(shifting)).toBe(first);
    expect(hasSnapshotContent(snapshotOfContentKey(first) as never, shifting)).toBe(false);
    expect(hasSnapshotContent(snapshotOfContentKey(later) as never, shifting)).toBe(true);
  });
});
