import { describe, expect, it, vi } from 'vitest';
import { deepFreeze } from '../../test/support/deep-freeze.ts';
import { PreparedStore } from '../store/prepared-store.ts';
import { decodeArguments, decodeWithPlan } from './decode-arguments.ts';
import { type DecodePlan, emptyDecodePlan, objectPlan, type Placeholder } from './decode-plan.ts';
import { cerebrasProfile } from './provider-profiles.ts';
import { type ToStrictSchemaOptions, toStrictSchema } from './to-strict-schema.ts';

const omission: Placeholder = { decodeTo: 'omission' };
const defaultOf = (value: unknown): Placeholder => ({ decodeTo: 'default', value });

function planOf(schema: unknown, options?: ToStrictSchemaOptions): DecodePlan {
  const result = toStrictSchema(schema, options);
  if (!result.strict) throw new Error(result.reason);
  return result.plan;
}

function object(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required };
}

const weather = object(
  {
    city: { type: 'string' },
    unit: { type: 'string', enum: ['c', 'f'] },
    days: { type: 'integer', default: 3 },
    note: { type: ['string', 'null'] },
    nickname: { type: ['string', 'null'] },
  },
  ['city', 'note'],
);

describe('decodeArguments', () => {
  describe('placeholders', () => {
    const plan = planOf(weather);

    it('should turn null at a placeholder into omission, or into the schema default', () => {
      expect(
        decodeArguments({ city: 'Paris', unit: null, days: null, note: 'n', nickname: 'x' }, plan),
      ).toEqual({ city: 'Paris', days: 3, note: 'n', nickname: 'x' });
    });

    it('should hand over a default that cannot be cloned as it is, without throwing', () => {
      const format = { render: (value: number) => `${value}` };
      const withFunction = objectPlan(new Map([['format', defaultOf(format)]]), new Map());
      expect(decodeArguments({ format: null }, withFunction)).toEqual({ format });
    });

    it('should keep a value sent at a placeholder', () => {
      const args = { city: 'Paris', unit: 'f', days: 5, note: null, nickname: null };
      expect(decodeArguments(args, plan)).toBe(args);
    });

    it('should keep null where the source admits null, required or optional', () => {
      const args = { city: 'Paris', unit: 'c', days: 1, note: null, nickname: null };
      expect(decodeArguments(args, plan)).toEqual(args);
    });

    it('should never touch required arguments, even null or missing', () => {
      expect(decodeArguments({ city: null, unit: 'c', days: 1 }, plan)).toEqual({
        city: null,
        unit: 'c',
        days: 1,
      });
      expect(decodeArguments({ unit: 'c', days: 1 }, plan)).toEqual({ unit: 'c', days: 1 });
    });

    it('should treat a placeholder missing altogether as left out, inserting a default', () => {
      expect(decodeArguments({ city: 'Paris', note: null, nickname: null }, plan)).toEqual({
        city: 'Paris',
        note: null,
        nickname: null,
        days: 3,
      });
    });

    it('should prefer the configured default', () => {
      const configured = planOf(weather, { defaults: { unit: 'c', days: 7 } });
      expect(decodeArguments({ city: 'Rome', unit: null, days: null }, configured)).toEqual({
        city: 'Rome',
        unit: 'c',
        days: 7,
      });
    });

    it('should put a default where the null was, and append defaults for missing names', () => {
      const configured = planOf(weather, { defaults: { unit: 'c' } });
      const decoded = decodeArguments(
        { unit: null, city: 'Rome', note: null, nickname: null },
        configured,
      );
      expect(Object.keys(decoded as object)).toEqual(['unit', 'city', 'note', 'nickname', 'days']);
    });

    it('should keep the order of the keys that remain', () => {
      const decoded = decodeArguments(
        { nickname: 'x', days: 2, unit: null, note: 'y', city: 'Oslo' },
        plan,
      );
      expect(Object.keys(decoded as object)).toEqual(['nickname', 'days', 'note', 'city']);
    });

    it('should keep names the schema does not know, untouched', () => {
      const decoded = decodeArguments({ city: 'Oslo', unit: null, extra: null, days: 1 }, plan);
      expect(decoded).toEqual({ city: 'Oslo', extra: null, days: 1 });
    });

    it('should give each call its own copy of an object default', () => {
      const configured = planOf(object({ opts: object({ a: { type: 'string' } }) }), {
        defaults: { opts: { a: 'x', list: [1] } },
      });
      const first = decodeArguments({ opts: null }, configured) as { opts: { list: number[] } };
      first.opts.list.push(2);
      const second = decodeArguments({ opts: null }, configured) as { opts: { list: number[] } };
      expect(second.opts.list).toEqual([1]);
      expect(second.opts).not.toBe(first.opts);
    });

    it('should insert a null default as null', () => {
      const configured = planOf(object({ a: { type: 'string' } }), { defaults: { a: null } });
      expect(decodeArguments({ a: null }, configured)).toEqual({ a: null });
      expect(decodeArguments({}, configured)).toEqual({ a: null });
    });
  });

  describe('nesting', () => {
    const schema = object(
      {
        filters: object({ limit: { type: 'integer' }, tag: { type: 'string' } }, ['tag']),
        events: {
          type: 'array',
          items: object({ when: { type: 'string' }, what: { type: 'string' } }, ['what']),
        },
        extra: object({ deep: object({ flag: { type: 'boolean' } }) }),
        matrix: {
          type: 'array',
          items: { type: 'array', items: object({ v: { type: 'number' } }) },
        },
      },
      ['filters', 'events', 'matrix'],
    );
    const plan = planOf(schema, { defaults: { 'events[].when': 'now', 'extra.deep.flag': false } });

    it('should decode nested objects, list items and lists of lists', () => {
      expect(
        decodeArguments(
          {
            filters: { limit: null, tag: 't' },
            events: [
              { when: null, what: 'a' },
              { when: 'later', what: 'b' },
            ],
            extra: { deep: { flag: null } },
            matrix: [[{ v: null }, { v: 1 }], []],
          },
          plan,
        ),
      ).toEqual({
        filters: { tag: 't' },
        events: [
          { when: 'now', what: 'a' },
          { when: 'later', what: 'b' },
        ],
        extra: { deep: { flag: false } },
        matrix: [[{}, { v: 1 }], []],
      });
    });

    it('should return unchanged branches as the same objects, and the whole call when nothing changes', () => {
      const args = {
        filters: { limit: 5, tag: 't' },
        events: [{ when: 'x', what: 'a' }],
        extra: { deep: { flag: true } },
        matrix: [[{ v: 2 }]],
      };
      expect(decodeArguments(args, plan)).toBe(args);
      const changed = { ...args, filters: { limit: null, tag: 't' } };
      const decoded = decodeArguments(changed, plan) as typeof args;
      expect(decoded).not.toBe(changed);
      expect(decoded.events).toBe(changed.events);
      expect(decoded.matrix).toBe(changed.matrix);
    });

    it('should copy a list only when an item changes, keeping the other items', () => {
      const events = [
        { when: 'x', what: 'a' },
        { when: null, what: 'b' },
      ];
      const decoded = decodeArguments({ filters: { tag: 't' }, events, matrix: [] }, plan) as {
        events: unknown[];
      };
      expect(decoded.events).not.toBe(events);
      expect(decoded.events[0]).toBe(events[0]);
    });

    it('should leave values of the wrong kind as they are', () => {
      const args = {
        filters: 'none',
        events: { when: null },
        extra: [{ deep: null }],
        matrix: [null, 'x', [1, null]],
      };
      expect(decodeArguments(args, plan)).toBe(args);
    });

    it('should decode placeholders inside a nullable list of objects (anyOf branch)', () => {
      const nullableList = planOf(
        object(
          {
            list: {
              anyOf: [
                { type: 'array', items: object({ a: { type: 'string' } }) },
                { type: 'null' },
              ],
            },
          },
          ['list'],
        ),
      );
      expect(decodeArguments({ list: [{ a: null }, { a: 'x' }] }, nullableList)).toEqual({
        list: [{}, { a: 'x' }],
      });
      expect(decodeArguments({ list: null }, nullableList)).toEqual({ list: null });
    });
  });

  describe('unions', () => {
    const schema = object(
      {
        action: {
          oneOf: [
            object({ type: { const: 'move' }, speed: { type: 'number' }, x: { type: 'number' } }, [
              'type',
              'x',
            ]),
            object({ type: { const: 'say' }, volume: { type: 'number', default: 5 } }, ['type']),
          ],
        },
        shape: {
          anyOf: [
            {
              anyOf: [
                object({ r: { type: 'number' } }, []),
                object({ w: { type: 'number' }, h: { type: 'number' } }, ['w']),
              ],
            },
            { type: 'null' },
          ],
        },
      },
      ['action'],
    );
    const plan = planOf(schema);

    it('should decode with the plan of the branch the value fits', () => {
      expect(
        decodeArguments({ action: { type: 'move', speed: null, x: 1 }, shape: null }, plan),
      ).toEqual({ action: { type: 'move', x: 1 }, shape: null });
      expect(decodeArguments({ action: { type: 'say', volume: null }, shape: null }, plan)).toEqual(
        {
          action: { type: 'say', volume: 5 },
          shape: null,
        },
      );
    });

    it('should decode unions nested in unions (zod’s nullish union)', () => {
      expect(
        decodeArguments({ action: { type: 'say', volume: 1 }, shape: { w: 2, h: null } }, plan),
      ).toEqual({ action: { type: 'say', volume: 1 }, shape: { w: 2 } });
    });

    it('should find the branch when placeholders are missing altogether', () => {
      expect(decodeArguments({ action: { type: 'say' }, shape: null }, plan)).toEqual({
        action: { type: 'say', volume: 5 },
        shape: null,
      });
      expect(decodeArguments({ action: { type: 'move', x: 3 } }, plan)).toEqual({
        action: { type: 'move', x: 3 },
      });
    });

    it('should find the branch when placeholders are missing in a union inside it', () => {
      const circle = object({ r: { type: 'number' }, unit: { type: 'string', default: 'cm' } }, [
        'r',
      ]);
      const drawing = object(
        {
          kind: { const: 'shape' },
          shape: { anyOf: [circle, object({ w: { type: 'number' } }, ['w'])] },
          size: { type: 'number', default: 1 },
        },
        ['kind', 'shape'],
      );
      const nested = object(
        { pick: { anyOf: [drawing, object({ kind: { const: 'none' } }, ['kind'])] } },
        ['pick'],
      );
      // A gateway dropped every null: `size`, and `unit` in the inner union's branch.
      expect(decodeArguments({ pick: { kind: 'shape', shape: { r: 2 } } }, planOf(nested))).toEqual(
        { pick: { kind: 'shape', shape: { r: 2, unit: 'cm' }, size: 1 } },
      );
    });

    it('should leave a value that fits no branch untouched', () => {
      const args = { action: { type: 'jump', speed: null }, shape: { q: null } };
      expect(decodeArguments(args, plan)).toBe(args);
      const missingRequired = { action: { type: 'move', speed: null } };
      expect(decodeArguments(missingRequired, plan)).toBe(missingRequired);
    });

    describe('nested in themselves, with branches that differ only in keywords not sent', () => {
      // Every level fits the first branch as sent (its maxLength is not), and only the decoded
      // value shows that it is the second.
      const branch = (text: Record<string, unknown>) =>
        object({
          s: { type: 'string', ...text },
          c: { $ref: '#/$defs/n' },
          tags: { type: 'object', additionalProperties: { type: 'string' } },
        });
      const recursive = planOf({
        ...object({ n: { $ref: '#/$defs/n' } }, ['n']),
        $defs: { n: { anyOf: [branch({ maxLength: 1 }), branch({ minLength: 2 })] } },
      });
      /** `levels` objects around `innermost`, each with `beside` (as sent: `tags: null`). */
      function nested(levels: number, innermost: object, beside: object = { tags: null }) {
        let value = innermost;
        for (let level = 0; level < levels; level++) value = { s: 'ab', c: value, ...beside };
        return { n: value };
      }

      it('should decode each level once, the work growing with the value alone', () => {
        const work = (levels: number) => {
          const store = new PreparedStore();
          const recall = vi.spyOn(store, 'recall');
          const sent = nested(levels, { s: 'ab', c: null, tags: null });
          expect(decodeWithPlan(sent, recursive, { store })).toEqual({
            value: nested(levels, { s: 'ab' }, {}),
            problems: [],
          });
          return recall.mock.calls.length;
        };
        expect(work(12)).toBeLessThan(3 * work(6));
      });

      it('should report a problem below them at its whole path', () => {
        const twice = [
          { key: 'a', value: 'x' },
          { key: 'a', value: 'y' },
        ];
        const { value, problems } = decodeWithPlan(
          nested(2, { s: 'ab', c: null, tags: twice }),
          recursive,
        );
        expect(value).toEqual(nested(2, { s: 'ab', tags: { a: 'x' } }, {}));
        expect(problems.map(({ path, message }) => ({ path, message }))).toEqual([
          {
            path: ['n', 'c', 'c', 'tags'],
            message: '"n.c.c.tags" lists the key "a" more than once; send each key once.',
          },
        ]);
      });
    });

    it('should decode with the Cerebras profile the same way', () => {
      const cerebras = planOf(schema, { profile: cerebrasProfile });
      expect(
        decodeArguments(
          { action: { type: 'move', speed: null, x: 1 }, shape: { r: null } },
          cerebras,
        ),
      ).toEqual({ action: { type: 'move', x: 1 }, shape: {} });
    });
  });

  describe('safety', () => {
    const plan = planOf(weather, { defaults: { unit: 'c' } });

    it('should return values that are not objects as they came', () => {
      for (const value of [null, undefined, 'text', 42, true, []]) {
        expect(decodeArguments(value, plan)).toBe(value);
      }
    });

    it('should not mutate deep-frozen arguments', () => {
      const args = deepFreeze({ city: 'Oslo', unit: null, days: null, nested: { a: [null] } });
      expect(decodeArguments(args, plan)).toEqual({
        city: 'Oslo',
        unit: 'c',
        days: 3,
        nested: { a: [null] },
      });
      expect(args).toEqual({ city: 'Oslo', unit: null, days: null, nested: { a: [null] } });
    });

    it('should return the same object for the empty plan', () => {
      const args = { a: null };
      expect(decodeArguments(args, emptyDecodePlan)).toBe(args);
    });

    it('should not throw on arguments nested far deeper than any plan', () => {
      let deep: unknown = null;
      for (let level = 0; level < 100_000; level++) deep = { unit: deep };
      expect(() => decodeArguments(deep, plan)).not.toThrow();
    });

    it('should not throw on a plan deeper than the depth it decodes to', () => {
      let nested = objectPlan(new Map([['x', omission]]), new Map());
      let args: Record<string, unknown> = { x: null };
      for (let level = 0; level < 300; level++) {
        nested = objectPlan(new Map(), new Map([['a', nested]]));
        args = { a: args };
      }
      expect(() => decodeArguments(args, nested)).not.toThrow();
    });

    it('should keep __proto__ a plain key: decoded, kept, or given a default', () => {
      const protoPlan = objectPlan(
        new Map<string, Placeholder>([
          ['__proto__', defaultOf({ polluted: true })],
          ['a', omission],
        ]),
        new Map(),
      );
      const decoded = decodeArguments(JSON.parse('{"__proto__":null,"a":null}'), protoPlan);
      expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
      expect(JSON.stringify(decoded)).toBe('{"__proto__":{"polluted":true}}');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

      const missing = decodeArguments({ a: null }, protoPlan);
      expect(Object.getPrototypeOf(missing)).toBe(Object.prototype);
      expect(Object.hasOwn(missing as object, '__proto__')).toBe(true);

      const kept = decodeArguments(
        JSON.parse('{"__proto__":{"x":1},"unit":null}'),
        planOf(weather),
      );
      expect(JSON.stringify(kept)).toBe('{"__proto__":{"x":1},"days":3}');
      expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    });

    it('should not read inherited names as placeholders', () => {
      const args = { constructor: null, toString: null, hasOwnProperty: null };
      expect(decodeArguments(args, planOf(object({ a: { type: 'string' } })))).toBe(args);
    });
  });
});

describe('decodeWithPlan', () => {
  const plan = planOf(
    object(
      {
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        rows: {
          type: 'array',
          items: object({ id: { type: 'string' } }, ['id']),
        },
        meta: {},
      },
      ['labels', 'rows', 'meta'],
    ),
  );
  const planText = planOf(object({ meta: {} }, ['meta']), { profile: cerebrasProfile });

  it('should return the value and no problems for what decodes cleanly, the same object when unchanged', () => {
    const args = { rows: [], meta: 1, labels: [{ key: 'a', value: 'x' }] };
    expect(decodeWithPlan(args, plan)).toEqual({
      value: { rows: [], meta: 1, labels: { a: 'x' } },
      problems: [],
    });
    const plain = { labels: [], rows: [{ id: 'r' }], meta: 'x' };
    expect(decodeWithPlan(plain, plan).value).toEqual({
      labels: {},
      rows: [{ id: 'r' }],
      meta: 'x',
    });
    const untouched = { meta: 1 };
    expect(
      decodeWithPlan(untouched, planOf(object({ meta: { type: 'number' } }, ['meta']))).value,
    ).toBe(untouched);
  });

  it('should report every key sent twice, at its path, inside JSON kinds too', () => {
    const { value, problems } = decodeWithPlan(
      {
        labels: [
          { key: 'a', value: 'x' },
          { key: 'a', value: 'y' },
        ],
        rows: [],
        meta: [
          {
            entries: [
              { key: 'k', value: 1 },
              { key: 'k', value: 2 },
            ],
          },
        ],
      },
      plan,
    );
    expect(value).toEqual({ labels: { a: 'x' }, rows: [], meta: [{ k: 1 }] });
    expect(problems.map(({ code, path, key }) => ({ code, path, key }))).toEqual([
      { code: 'duplicate-key', path: ['labels'], key: 'a' },
      { code: 'duplicate-key', path: ['meta', 0], key: 'k' },
    ]);
    expect(problems[1]?.message).toBe(
      '"meta[0]" lists the key "k" more than once; send each key once.',
    );
  });

  it('should leave what is not a list of entries as it came, for the check to describe', () => {
    const args = { labels: { a: 'x' }, rows: [], meta: null };
    expect(decodeWithPlan(args, plan)).toEqual({ value: args, problems: [] });
    const odd = { labels: [{ key: 1, value: 'x' }], rows: [], meta: null };
    expect(decodeWithPlan(odd, plan).value).toBe(odd);
  });

  it('should parse JSON text and report text that does not parse, the model’s text cut short', () => {
    expect(decodeWithPlan({ meta: '[1,{"a":null}]' }, planText)).toEqual({
      value: { meta: [1, { a: null }] },
      problems: [],
    });
    const long = `{${'x'.repeat(100)}`;
    const { problems } = decodeWithPlan({ meta: long }, planText);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message.length).toBeLessThan(160);
  });

  it('should follow a recursive plan as deep as the value goes, and stop at 256 levels', () => {
    const tree = planOf({
      type: 'object',
      properties: { name: { type: 'string' }, next: { $ref: '#' } },
      required: ['name'],
    });
    let sent: Record<string, unknown> = { name: 'end', next: null };
    for (let depth = 0; depth < 100; depth++) sent = { name: `n${depth}`, next: sent };
    let value = decodeArguments(sent, tree) as Record<string, unknown>;
    let levels = 0;
    while (typeof value.next === 'object' && value.next !== null) {
      value = value.next as Record<string, unknown>;
      levels++;
    }
    expect(levels).toBe(100);
    expect(value).toEqual({ name: 'end' });
    let deep: Record<string, unknown> = { name: 'end', next: null };
    for (let depth = 0; depth < 1000; depth++) deep = { name: 'n', next: deep };
    expect(() => decodeArguments(deep, tree)).not.toThrow();
  });

  it('should not mutate deep-frozen arguments', () => {
    const args = deepFreeze({
      labels: [{ key: 'a', value: 'x' }],
      rows: [{ id: 'r' }],
      meta: { entries: [] },
    });
    expect(decodeWithPlan(args, plan).value).toEqual({
      labels: { a: 'x' },
      rows: [{ id: 'r' }],
      meta: {},
    });
  });
});
