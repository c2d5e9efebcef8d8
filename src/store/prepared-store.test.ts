import { describe, expect, it, vi } from 'vitest';
import { checkArguments, fitArguments } from '../checker/check-arguments.ts';
import { decodeWithPlan } from '../decode/decode-arguments.ts';
import { toStrictSchema } from '../decode/to-strict-schema.ts';
import { PreparedStore, type StoreScope } from './prepared-store.ts';

const schema = () => ({
  type: 'object',
  properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'] } },
  required: ['city'],
});

/** A record for the tests: what was prepared from, and how many times `prepare` ran. */
type Prepared = { readonly content: unknown; readonly made: number };

/** `recall` under a scope, counting the calls of `prepare`. */
function counter(store: PreparedStore, scope: StoreScope<Prepared> = 'test') {
  let made = 0;
  return {
    recall: (value: unknown) => {
      const record = store.recall(value, scope, (content) => ({ content, made: ++made }));
      if (record === undefined) throw new Error('no content key');
      return record;
    },
    made: () => made,
  };
}

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

describe('PreparedStore', () => {
  describe('keep', () => {
    it('should give a deep-frozen copy of the content, the same one for any object of that content', () => {
      const store = new PreparedStore();
      const original = schema();
      const copy = store.keep(original);
      expect(copy).toEqual(original);
      expect(copy).not.toBe(original);
      expect(isDeepFrozen(copy)).toBe(true);
      expect(Object.isFrozen(original)).toBe(false);
      expect(store.keep(schema())).toBe(copy);
      expect(store.keep(copy)).toBe(copy);
    });

    it('should give a new copy for content edited in place, and no copy for what is not plain JSON data', () => {
      const store = new PreparedStore();
      const original = schema();
      const copy = store.keep(original);
      original.required.push('unit');
      expect(store.keep(original)).not.toBe(copy);
      expect(store.keep(original)).toEqual(original);
      const cyclic: Record<string, unknown> = { type: 'object' };
      cyclic.self = cyclic;
      for (const value of [{ default: new Date(0) }, cyclic, { f: () => 1 }, { n: Number.NaN }]) {
        expect(store.keep(value)).toBeUndefined();
      }
    });
  });

  describe('keyOf', () => {
    it('should know its own copies at once, without reading them', () => {
      const store = new PreparedStore();
      const copy = store.keep(schema());
      const stringify = vi.spyOn(JSON, 'stringify');
      try {
        expect(store.keyOf(copy)).toBe(JSON.stringify(schema()));
        stringify.mockClear();
        store.keyOf(copy);
        expect(stringify).not.toHaveBeenCalled();
      } finally {
        stringify.mockRestore();
      }
    });

    it('should recognize the content last seen under a hint by comparing it, not serializing it', () => {
      const store = new PreparedStore();
      let reads = 0;
      const counted = () => {
        const value = { type: 'object', properties: {} as object };
        Object.defineProperty(value, 'properties', {
          enumerable: true,
          get: () => {
            reads++;
            return { city: { type: 'string' } };
          },
        });
        return value;
      };
      const key = store.keyOf(counted(), 'weather');
      reads = 0;
      // One read: compared with the content last seen under the hint.
      expect(store.keyOf(counted(), 'weather')).toBe(key);
      expect(reads).toBe(1);
      reads = 0;
      // More than one under another hint: serialized, then checked as plain data.
      expect(store.keyOf(counted(), 'other')).toBe(key);
      expect(reads).toBeGreaterThan(1);
      // Other content under the hint: serialized, and noted as the hint's last content.
      expect(store.keyOf({ type: 'object' }, 'weather')).toBe('{"type":"object"}');
      expect(store.keyOf(schema(), 'weather')).toBe(JSON.stringify(schema()));
    });

    it('should never take a hint for content it does not have', () => {
      const store = new PreparedStore();
      store.keyOf(schema(), 'weather');
      const { required, ...rest } = schema();
      const reordered = { required, ...rest };
      expect(store.keyOf(reordered, 'weather')).toBe(JSON.stringify(reordered));
      const edited = schema();
      edited.properties.unit.enum.push('kelvin');
      expect(store.keyOf(edited, 'weather')).toBe(JSON.stringify(edited));
      expect(store.keyOf({ ...schema(), extra: undefined }, 'weather')).toBeUndefined();
    });
  });

  describe('recall', () => {
    it('should prepare a content once per scope, from the store’s frozen copy, and freeze the record', () => {
      const store = new PreparedStore();
      const { recall, made } = counter(store);
      const original = schema();
      const first = recall(original);
      expect(first.content).toBe(store.keep(original));
      expect(recall(schema())).toBe(first);
      expect(recall(store.keep(original))).toBe(first);
      expect(made()).toBe(1);
      expect(Object.isFrozen(first)).toBe(true);
      const other = counter(store, 'other');
      const second = other.recall(original);
      expect(second).not.toBe(first);
      expect(other.made()).toBe(1);
      // Its copy, recalled again and again under either scope, gives each scope's record.
      const copy = store.keep(original);
      for (let round = 0; round < 3; round++) {
        expect(recall(copy)).toBe(first);
        expect(recall(copy)).toBe(first);
        expect(other.recall(copy)).toBe(second);
        expect(recall(store.keep({ type: 'string' })).made).toBe(2);
      }
      expect(made()).toBe(2);
    });

    it('should freeze every object, list, map and set of a record', () => {
      const store = new PreparedStore();
      const record = store.recall({}, 'maps', () => ({
        map: new Map([['a', { list: [1] }]]),
        set: new Set([{ b: 2 }]),
      }));
      expect(Object.isFrozen(record?.map)).toBe(true);
      expect(Object.isFrozen(record?.map.get('a')?.list)).toBe(true);
      expect(Object.isFrozen([...(record?.set ?? [])][0])).toBe(true);
    });

    it('should let the least recently used content go first past its bound', () => {
      // 38 characters as JSON text: 760 bytes with its record, room for four, not five.
      const store = new PreparedStore({ maxBytes: 3300 });
      const { recall, made } = counter(store);
      const content = (index: number) => ({ type: 'string', description: `${index}`.padEnd(4) });
      for (let index = 0; index < 4; index++) recall(content(index));
      expect(made()).toBe(4);
      recall(content(0));
      recall(content(4));
      expect(made()).toBe(5);
      // 1 was used least recently: it went when 4 came.
      recall(content(0));
      recall(content(2));
      expect(made()).toBe(5);
      recall(content(1));
      expect(made()).toBe(6);
    });

    it('should let a copy found again after its content was let go take its place back, the bound kept', () => {
      // 38 characters: 380 bytes a content, 380 more with its record; room for two, not three.
      const store = new PreparedStore({ maxBytes: 1600 });
      const { recall, made } = counter(store);
      const content = (index: number) => ({ type: 'string', description: `${index}`.padEnd(4) });
      const first = store.keep(content(0));
      recall(content(1));
      recall(content(2));
      // 0 was let go for 2; a new object of its content makes a new copy, and 1 goes.
      recall(content(0));
      expect(made()).toBe(3);
      // The first copy, found again, takes the place of the new one.
      recall(first);
      expect(made()).toBe(4);
      recall(content(2));
      recall(first);
      expect(made()).toBe(4);
      // A third content: 2 goes, and the first copy's content, used since, stays.
      recall(content(3));
      recall(first);
      recall(content(3));
      expect(made()).toBe(5);
      recall(content(2));
      expect(made()).toBe(6);
    });

    it('should prepare a content too large to keep for its caller alone', () => {
      const store = new PreparedStore({ maxBytes: 1000 });
      const { recall } = counter(store);
      const large = { description: 'x'.repeat(100) };
      expect(recall(large)).toEqual({ content: large, made: 1 });
      expect(recall(large).made).toBe(2);
      expect(Object.isFrozen(store.keep(large))).toBe(true);
    });
  });
});

describe('store options', () => {
  it('should name a maxBytes that is not a number of bytes', () => {
    for (const maxBytes of [-1, Number.NaN, '100', null]) {
      expect(() => new PreparedStore({ maxBytes: maxBytes as number })).toThrow(
        /PreparedStore: maxBytes must be a number of bytes, 0 or more/,
      );
    }
    expect(() => new PreparedStore({ maxBytes: '100' as never })).toThrow(/, not "100"\./);
    expect(() => new PreparedStore({ maxBytes: 0 })).not.toThrow();
    expect(() => new PreparedStore({ maxBytes: Number.POSITIVE_INFINITY })).not.toThrow();
  });

  it('should name options that are no object, and an option it does not have', () => {
    for (const options of [1e6, 'big', null]) {
      expect(() => new PreparedStore(options as never)).toThrow(
        /PreparedStore: options must be an object such as \{ maxBytes: 1_000_000 \}/,
      );
    }
    expect(() => new PreparedStore({ maxSize: 1000 } as never)).toThrow(
      'PreparedStore: no option "maxSize"; the one option is maxBytes.',
    );
  });

  it('should name a store option that is not a store, wherever it is given', () => {
    const fake = { recall: () => undefined } as unknown as PreparedStore;
    expect(() => checkArguments(schema(), { city: 'Oslo' }, { store: fake })).toThrow(
      /checkArguments: store must be a PreparedStore/,
    );
    expect(() => fitArguments(schema(), { city: 'Oslo' }, { store: fake })).toThrow(
      /fitArguments: store must be a PreparedStore/,
    );
    const { plan } = toStrictSchema(schema());
    expect(() => decodeWithPlan({ city: 'Oslo', unit: null }, plan, { store: fake })).toThrow(
      /decodeWithPlan: store must be a PreparedStore/,
    );
  });

  it('should keep a content as deep as its key can be read', () => {
    let deep: unknown = { type: 'string' };
    for (let depth = 0; depth < 1_900; depth++) deep = { type: 'object', properties: { a: deep } };
    const store = new PreparedStore();
    const copy = store.keep(deep);
    expect(copy).toBeDefined();
    expect(Object.isFrozen(copy)).toBe(true);
    expect(checkArguments(deep, {}, { store })).toEqual(checkArguments(deep, {}));
  });
});
