import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentKeyOf } from './content-key.ts';
import {
  type ContentSnapshot,
  hasSnapshotContent,
  snapshotOfContentKey,
} from './content-snapshot.ts';

function snapshotOf(value: unknown): ContentSnapshot {
  const key = contentKeyOf(value);
  if (key === undefined) throw new Error('no content key');
  return snapshotOfContentKey(key) as ContentSnapshot;
}

describe('hasSnapshotContent', () => {
  const schema = () => ({
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name.' },
      days: { type: 'integer', minimum: 1, default: 3 },
      tags: { type: 'array', items: { type: ['string', 'null'] } },
    },
    required: ['city'],
    additionalProperties: false,
  });

  it('should match a new object of the same content', () => {
    expect(hasSnapshotContent(snapshotOf(schema()), schema())).toBe(true);
    expect(hasSnapshotContent(snapshotOf(schema()), { ...schema() })).toBe(true);
    const bare = Object.assign(Object.create(null), schema());
    expect(hasSnapshotContent(snapshotOf(schema()), bare)).toBe(true);
  });

  it('should agree with contentKeyOf on every pair of JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (left, right) => {
        const same = contentKeyOf(left) === contentKeyOf(right);
        expect(hasSnapshotContent(snapshotOf(left), right)).toBe(same);
        expect(hasSnapshotContent(snapshotOf(left), left)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('should match a new copy of any JSON value, and miss it once one leaf changes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, replacement) => {
        const snapshot = snapshotOf(value);
        const copy = JSON.parse(JSON.stringify(value)) as unknown;
        expect(hasSnapshotContent(snapshot, copy)).toBe(true);
        const changed = replaceFirstLeaf(copy, replacement);
        if (changed === undefined) return;
        const same = contentKeyOf(changed) === contentKeyOf(value);
        expect(hasSnapshotContent(snapshot, changed)).toBe(same);
      }),
      { numRuns: 2000 },
    );
  });

  it('should agree with contentKeyOf on small changes of one schema', () => {
    type Schema = ReturnType<typeof schema>;
    const changes: Array<[string, (value: Schema) => unknown]> = [
      [
        'a changed description',
        (value) => {
          value.properties.city.description = 'Town.';
          return value;
        },
      ],
      ['a reordered key', ({ type, ...rest }) => ({ ...rest, type })],
      ['a removed key', ({ additionalProperties: _, ...rest }) => rest],
      ['an added key', (value) => ({ ...value, title: 'Weather' })],
      ['a longer list', (value) => ({ ...value, required: ['city', 'days'] })],
      [
        'a string for a number',
        (value) => ({
          ...value,
          properties: { ...value.properties, days: { ...value.properties.days, default: '3' } },
        }),
      ],
    ];
    for (const [name, change] of changes) {
      const changed = change(schema());
      const same = contentKeyOf(changed) === contentKeyOf(schema());
      expect(hasSnapshotContent(snapshotOf(schema()), changed), name).toBe(same);
    }
  });

  it('should refuse what contentKeyOf refuses, without throwing', () => {
    const snapshot = snapshotOf({ type: 'string', default: 'x' });
    const hostile: unknown[] = [
      { type: 'string', default: 'x', extra: undefined },
      { type: 'string', default: 'x', toJSON: () => ({ type: 'string', default: 'x' }) },
      { type: new String('string'), default: 'x' },
      Object.assign(Object.create({ inherited: true }), { type: 'string', default: 'x' }),
      Object.assign(new (class Schema {})(), { type: 'string', default: 'x' }),
      {
        get type(): string {
          throw new Error('no');
        },
        default: 'x',
      },
      new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('no');
          },
        },
      ),
    ];
    for (const value of hostile) expect(hasSnapshotContent(snapshot, value)).toBe(false);
    const list = snapshotOf({ enum: [1, 2, 3] });
    expect(hasSnapshotContent(list, { enum: Object.assign(new Array(3), { 0: 1, 2: 3 }) })).toBe(
      false,
    );
    expect(hasSnapshotContent(list, { enum: { 0: 1, 1: 2, 2: 3 } })).toBe(false);
    expect(hasSnapshotContent(snapshotOf({ const: null }), { const: Number.NaN })).toBe(false);
    // JSON writes -0 as 0, so they share a content key and a snapshot.
    expect(hasSnapshotContent(snapshotOf({ const: 0 }), { const: -0 })).toBe(true);
  });

  it('should not count a key inherited from a polluted Object.prototype as content', () => {
    const snapshot = snapshotOf({ type: 'object', additionalProperties: false });
    const polluted = Object.prototype as { additionalProperties?: unknown };
    polluted.additionalProperties = false;
    try {
      expect(hasSnapshotContent(snapshot, { type: 'object' })).toBe(false);
      expect(hasSnapshotContent(snapshotOf({ type: 'object' }), { type: 'object' })).toBe(false);
    } finally {
      delete polluted.additionalProperties;
    }
    expect(hasSnapshotContent(snapshot, { type: 'object', additionalProperties: false })).toBe(
      true,
    );
  });

  it('should give no snapshot, never an error, for nesting deeper than the stack', () => {
    const depth = 200_000;
    const key = `${'{"items":'.repeat(depth)}{}${'}'.repeat(depth)}`;
    expect(snapshotOfContentKey(key)).toBeUndefined();
  });
});

/** The value with its first leaf (depth first) replaced, or `undefined` when it has none. */
function replaceFirstLeaf(value: unknown, replacement: string): unknown {
  if (typeof value !== 'object' || value === null) return replacement;
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const first = replaceFirstLeaf(value[0], replacement);
    return first === undefined ? undefined : [first, ...value.slice(1)];
  }
  const [firstKey] = Object.keys(value);
  if (firstKey === undefined) return undefined;
  const first = replaceFirstLeaf((value as Record<string, unknown>)[firstKey], replacement);
  return first === undefined ? undefined : { ...value, [firstKey]: first };
}
