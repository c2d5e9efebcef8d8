import { describe, expect, it } from 'vitest';
import { contentKeyOf } from './content-key.ts';

describe('contentKeyOf', () => {
  describe('plain JSON data', () => {
    it('should give the same key to different objects of the same content', () => {
      const make = () => ({
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
        required: ['city'],
      });
      expect(contentKeyOf(make())).toBe(contentKeyOf(make()));
      expect(contentKeyOf(make())).toBe(contentKeyOf(JSON.parse(JSON.stringify(make()))));
    });

    it('should give different keys to different content', () => {
      const keys = [
        { type: 'string' },
        { type: 'number' },
        { type: ['string'] },
        { type: 'string', description: 'x' },
        { enum: [1, 2] },
        { enum: [2, 1] },
        { enum: ['1', 2] },
        { const: null },
        { const: 0 },
        { const: false },
        { const: '' },
        { properties: { 'a"b': {} } },
        { properties: { a: {}, b: {} } },
      ].map(contentKeyOf);
      expect(keys.every((key) => typeof key === 'string')).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('should count key order, so a reordered schema misses instead of matching', () => {
      expect(contentKeyOf({ a: 1, b: 2 })).not.toBe(contentKeyOf({ b: 2, a: 1 }));
    });

    it('should key objects without a prototype and an own __proto__ from JSON.parse', () => {
      const bare = Object.assign(Object.create(null), { type: 'string' });
      expect(contentKeyOf(bare)).toBe(contentKeyOf({ type: 'string' }));
      const parsed = JSON.parse('{"__proto__": {"type": "string"}}');
      expect(contentKeyOf(parsed)).toBe('{"__proto__":{"type":"string"}}');
      expect(contentKeyOf(parsed)).not.toBe(contentKeyOf({}));
    });
  });

  describe('hostile and non-JSON values', () => {
    const hostile: Array<[string, () => unknown]> = [
      [
        'a cycle',
        () => {
          const schema: Record<string, unknown> = { type: 'object' };
          schema.properties = { self: schema };
          return schema;
        },
      ],
      ['undefined', () => ({ const: undefined })],
      ['a function', () => ({ type: 'string', default: () => 'x' })],
      ['a symbol', () => ({ const: Symbol('x') })],
      ['a bigint', () => ({ const: 1n })],
      ['NaN', () => ({ const: Number.NaN })],
      ['an infinity', () => ({ maximum: Number.POSITIVE_INFINITY })],
      ['a sparse array', () => ({ enum: Object.assign(new Array(3), { 0: 1 }) })],
      ['a Date', () => ({ default: new Date(0) })],
      ['a Map', () => ({ properties: new Map() })],
      ['a boxed string', () => ({ type: new String('string') })],
      ['a class instance', () => ({ items: new (class Schema {})() })],
      ['a toJSON that lies', () => ({ type: 'object', toJSON: () => ({}) })],
      [
        'a nested toJSON',
        () => ({ items: { type: 'string', toJSON: () => ({ type: 'number' }) } }),
      ],
      [
        'a throwing getter',
        () => ({
          get type(): string {
            throw new Error('no');
          },
        }),
      ],
      [
        'a throwing proxy',
        () =>
          new Proxy(
            {},
            {
              ownKeys() {
                throw new Error('no');
              },
            },
          ),
      ],
      [
        'nesting deeper than the stack',
        () => {
          let schema: Record<string, unknown> = { type: 'string' };
          for (let depth = 0; depth < 200_000; depth++) schema = { items: schema };
          return schema;
        },
      ],
      ['an inherited keyword', () => Object.create({ type: 'string' })],
    ];
    for (const [name, make] of hostile) {
      it(`should give no key for ${name}, without throwing`, () => {
        expect(contentKeyOf(make())).toBeUndefined();
      });
    }

    it('should read a getter as JSON does, by the value it gives', () => {
      const withGetter = {
        get properties() {
          return { a: { type: 'string' } };
        },
      };
      expect(contentKeyOf(withGetter)).toBe(
        contentKeyOf({ properties: { a: { type: 'string' } } }),
      );
    });

    it('should give no key for a value that is not JSON at the root', () => {
      expect(contentKeyOf(undefined)).toBeUndefined();
      expect(contentKeyOf(() => 1)).toBeUndefined();
    });
  });
});
