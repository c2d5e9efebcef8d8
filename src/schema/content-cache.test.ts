import { describe, expect, it } from 'vitest';
import { ContentCache } from './content-cache.ts';
import { prepareSchema } from './prepare-schema.ts';

describe('ContentCache', () => {
  describe('get', () => {
    it('should find a value by identity and by content', () => {
      const cache = new ContentCache<string>();
      const schema = { type: 'string' };
      cache.set(schema, 'prepared');
      expect(cache.get(schema)).toBe('prepared');
      expect(cache.get({ type: 'string' })).toBe('prepared');
      expect(cache.get({ type: 'number' })).toBeUndefined();
    });

    it('should keep scopes apart', () => {
      const cache = new ContentCache<string>();
      cache.set({ type: 'string' }, 'openai', '"openai"');
      expect(cache.get({ type: 'string' }, '"openai"')).toBe('openai');
      expect(cache.get({ type: 'string' }, '"google"')).toBeUndefined();
      expect(cache.get({ type: 'string' })).toBeUndefined();
    });

    it('should keep at most 16 scopes of one content, starting over past them', () => {
      const cache = new ContentCache<string>();
      for (let scope = 0; scope < 16; scope++) {
        cache.set({ type: 'string' }, `value ${scope}`, `scope ${scope}`);
      }
      for (let scope = 0; scope < 16; scope++) {
        expect(cache.get({ type: 'string' }, `scope ${scope}`)).toBe(`value ${scope}`);
      }
      // A replaced value of a scope kept is no new scope.
      cache.set({ type: 'string' }, 'value 3 again', 'scope 3');
      expect(cache.get({ type: 'string' }, 'scope 1')).toBe('value 1');
      expect(cache.get({ type: 'string' }, 'scope 3')).toBe('value 3 again');
      cache.set({ type: 'string' }, 'value 16', 'scope 16');
      expect(cache.get({ type: 'string' }, 'scope 16')).toBe('value 16');
      expect(cache.get({ type: 'string' }, 'scope 0')).toBeUndefined();
      expect(cache.get({ type: 'string' }, 'scope 3')).toBeUndefined();
      expect(cache.size).toBe(1);
    });

    it('should cache an object without a content key by identity only', () => {
      const cache = new ContentCache<string>();
      const cyclic: Record<string, unknown> = { type: 'object' };
      cyclic.properties = { self: cyclic };
      cache.set(cyclic, 'prepared');
      expect(cache.get(cyclic)).toBe('prepared');
      expect(cache.size).toBe(0);
      const dated = { default: new Date(0) };
      cache.set(dated, 'dated');
      expect(cache.get({ default: new Date(0) })).toBeUndefined();
      expect(cache.get(dated)).toBe('dated');
    });
  });

  describe('names', () => {
    it('should find a new object of a named content without serializing it', () => {
      const cache = new ContentCache<string>();
      const schema = () => ({ type: 'object', properties: { city: { type: 'string' } } });
      cache.set(schema(), 'weather', '', 'weather');
      const stringify = JSON.stringify;
      let serialized = 0;
      JSON.stringify = ((...args: Parameters<typeof stringify>) => {
        serialized++;
        return stringify(...args);
      }) as typeof stringify;
      try {
        expect(cache.get(schema(), '', 'weather')).toBe('weather');
        expect(serialized).toBe(0);
        // Another content under the name is found by its own content, never by the name.
        expect(cache.get({ type: 'object' }, '', 'weather')).toBeUndefined();
        expect(serialized).toBe(1);
      } finally {
        JSON.stringify = stringify;
      }
    });

    it('should compare with the content as it was kept, not as the app changed it since', () => {
      const cache = new ContentCache<string>();
      const schema = { type: 'object', properties: { city: { type: 'string' } } };
      cache.set(schema, 'string city', '', 'weather');
      schema.properties.city.type = 'number';
      const changed = { type: 'object', properties: { city: { type: 'number' } } };
      expect(cache.get(changed, '', 'weather')).toBeUndefined();
      const same = { type: 'object', properties: { city: { type: 'string' } } };
      expect(cache.get(same, '', 'weather')).toBe('string city');
    });

    it('should not lend a key found by name to an object that has none of its own', () => {
      const named = new ContentCache<string>();
      const other = new ContentCache<string>();
      const schema = () => ({ type: 'object', properties: { n: { type: 'integer' } } });
      named.set(schema(), 'named', 'openai', 'tool');
      other.set(schema(), 'other');
      // Its JSON text would be another content: `contentKeyOf` gives it no key.
      const disguised = Object.defineProperty(schema(), 'toJSON', {
        value: () => ({ type: 'string' }),
      });
      expect(named.get(disguised, 'google', 'tool')).toBeUndefined();
      expect(other.get(disguised)).toBeUndefined();
    });

    it('should follow a name to its latest content and keep scopes apart', () => {
      const cache = new ContentCache<string>();
      cache.set({ const: 'a' }, 'a', 'openai', 'tool');
      cache.set({ const: 'b' }, 'b', 'openai', 'tool');
      expect(cache.get({ const: 'a' }, 'openai', 'tool')).toBe('a');
      expect(cache.get({ const: 'b' }, 'openai', 'tool')).toBe('b');
      expect(cache.get({ const: 'b' }, 'google', 'tool')).toBeUndefined();
    });
  });

  describe('seenBefore', () => {
    it('should answer false for a content first, then true once, per scope', () => {
      const cache = new ContentCache<string>();
      expect(cache.seenBefore({ type: 'string' }, 'openai')).toBe(false);
      expect(cache.seenBefore({ type: 'string' }, 'google')).toBe(false);
      expect(cache.seenBefore({ type: 'string' }, 'google')).toBe(true);
      // Answered true, the sighting is spent: the value built then is kept with `set`.
      expect(cache.seenBefore({ type: 'string' }, 'google')).toBe(false);
      expect(cache.size).toBe(0);
    });

    it('should count each scope of a content apart, whatever is seen between', () => {
      const cache = new ContentCache<string>();
      const seen: boolean[] = [];
      for (let round = 0; round < 3; round++) {
        seen.push(cache.seenBefore({ type: 'string' }, 'openai'));
        seen.push(cache.seenBefore({ type: 'string' }, 'cerebras'));
      }
      // The third round is the first sighting again: each second sighting was spent.
      expect(seen).toEqual([false, false, true, true, false, false]);
    });

    it('should count an object whose content cannot be kept as seen', () => {
      const cache = new ContentCache<string>({ maxKeyLength: 100 });
      const cyclic: Record<string, unknown> = { type: 'object' };
      cyclic.properties = { self: cyclic };
      expect(cache.seenBefore(cyclic)).toBe(true);
      expect(cache.seenBefore({ description: 'x'.repeat(200) })).toBe(true);
    });

    it('should remember at most maxEntries sightings and maxKeyLength characters, the oldest going first', () => {
      const byCount = new ContentCache<string>({ maxEntries: 2 });
      for (const value of ['a', 'b', 'c']) expect(byCount.seenBefore({ const: value })).toBe(false);
      expect(byCount.seenBefore({ const: 'a' })).toBe(false);
      expect(byCount.seenBefore({ const: 'c' })).toBe(true);
      const byLength = new ContentCache<string>({ maxKeyLength: 1000 });
      // Each key is 117 characters: eight fit in 1,000.
      const schema = (index: number) => ({ description: `${index}`.padStart(100, '0') });
      for (let index = 0; index < 9; index++)
        expect(byLength.seenBefore(schema(index))).toBe(false);
      expect(byLength.seenBefore(schema(8))).toBe(true);
      expect(byLength.seenBefore(schema(0))).toBe(false);
    });
  });

  describe('bounds', () => {
    it('should keep at most maxEntries values by content however many schemas pass', () => {
      const cache = new ContentCache<number>({ maxEntries: 100 });
      for (let index = 0; index < 10_000; index++) {
        cache.set({ type: 'string', description: `schema ${index}` }, index);
        expect(cache.size).toBeLessThanOrEqual(100);
      }
      expect(cache.size).toBe(100);
      expect(cache.get({ type: 'string', description: 'schema 9999' })).toBe(9999);
      expect(cache.get({ type: 'string', description: 'schema 0' })).toBeUndefined();
    });

    it('should drop the least recently used first', () => {
      const cache = new ContentCache<string>({ maxEntries: 2 });
      cache.set({ const: 'a' }, 'a');
      cache.set({ const: 'b' }, 'b');
      expect(cache.get({ const: 'a' })).toBe('a');
      cache.set({ const: 'c' }, 'c');
      expect(cache.get({ const: 'a' })).toBe('a');
      expect(cache.get({ const: 'b' })).toBeUndefined();
      expect(cache.get({ const: 'c' })).toBe('c');
    });

    it('should bound the characters of keys kept, and never keep a key longer than that', () => {
      const cache = new ContentCache<number>({ maxKeyLength: 1000 });
      cache.set({ description: 'x'.repeat(2000) }, 1);
      expect(cache.size).toBe(0);
      for (let index = 0; index < 100; index++) {
        cache.set({ description: `${index}`.padStart(100, '0') }, index);
      }
      // Each key is 117 characters: eight fit in 1,000.
      expect(cache.size).toBe(8);
    });
  });
});

describe('prepareSchema, cached by content', () => {
  it('should prepare new objects of the same content once, and different content apart', () => {
    const make = () => JSON.parse('{"type":"object","properties":{"a":{"enum":[1,2]}}}');
    expect(prepareSchema(make())).toBe(prepareSchema(make()));
    expect(prepareSchema(make())).not.toBe(
      prepareSchema({ type: 'object', properties: { a: { enum: [1, 3] } } }),
    );
  });

  it('should prepare hostile schemas without throwing, each by its own object', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    const liar = { type: 'string', toJSON: () => ({ type: 'number' }) };
    for (const schema of [cyclic, liar, { const: undefined }, { enum: [1n] }]) {
      expect(() => prepareSchema(schema)).not.toThrow();
      expect(prepareSchema(schema)).toBe(prepareSchema(schema));
    }
    expect(prepareSchema(liar)).not.toBe(prepareSchema({ type: 'number' }));
  });
});
