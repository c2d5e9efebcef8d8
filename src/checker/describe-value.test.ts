import { describe, expect, it } from 'vitest';
import { JsonKind } from '../schema/json-kind.ts';
import {
  describeKinds,
  describeLiteral,
  describeMember,
  describeValue,
  excerpt,
  joinAlternatives,
  looksLikeJson,
} from './describe-value.ts';

describe('excerpt', () => {
  describe('short text', () => {
    it('should quote text of up to 40 characters whole, as JSON', () => {
      expect(excerpt('abc')).toBe('"abc"');
      expect(excerpt('')).toBe('""');
      expect(excerpt('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
      expect(excerpt('x'.repeat(40))).toBe(`"${'x'.repeat(40)}"`);
    });
  });

  describe('long text', () => {
    it('should cut text after 40 characters and mark the cut', () => {
      expect(excerpt('x'.repeat(41))).toBe(`"${'x'.repeat(40)}…"`);
      expect(excerpt('y'.repeat(10_000_000))).toBe(`"${'y'.repeat(40)}…"`);
    });

    it('should escape what it keeps', () => {
      expect(excerpt(`${'"'.repeat(45)}`)).toBe(`"${'\\"'.repeat(40)}…"`);
    });
  });
});

describe('describeLiteral', () => {
  describe('scalars', () => {
    it('should write scalars as literals', () => {
      expect(describeLiteral('kelvin')).toBe('"kelvin"');
      expect(describeLiteral(5.5)).toBe('5.5');
      expect(describeLiteral(0)).toBe('0');
      expect(describeLiteral(true)).toBe('true');
      expect(describeLiteral(null)).toBe('null');
      expect(describeLiteral(12n)).toBe('12');
    });
  });

  describe('lists and objects', () => {
    it('should say what they are', () => {
      expect(describeLiteral([])).toBe('an empty list');
      expect(describeLiteral([1])).toBe('a list of 1 item');
      expect(describeLiteral([1, 2, 3])).toBe('a list of 3 items');
      expect(describeLiteral({ a: 1 })).toBe('an object');
    });
  });

  describe('values that are not JSON', () => {
    it('should say so', () => {
      expect(describeLiteral(undefined)).toBe('a value that is not JSON');
      expect(describeLiteral(() => 1)).toBe('a value that is not JSON');
      expect(describeLiteral(Symbol('s'))).toBe('a value that is not JSON');
    });
  });
});

describe('describeValue', () => {
  describe('phrases', () => {
    it('should write the kind and a short value', () => {
      expect(describeValue('abc')).toBe('text ("abc")');
      expect(describeValue(5.5)).toBe('the number 5.5');
      expect(describeValue(-3)).toBe('the number -3');
      expect(describeValue(false)).toBe('false');
      expect(describeValue(null)).toBe('null');
      expect(describeValue([1, 2])).toBe('a list of 2 items');
      expect(describeValue({})).toBe('an object');
    });

    it('should say when text holds JSON', () => {
      expect(describeValue('["a","b"]')).toBe('text holding JSON ("[\\"a\\",\\"b\\"]")');
      expect(describeValue('{}')).toBe('text holding JSON ("{}")');
    });

    it('should stay short for a 10 MB text', () => {
      expect(describeValue('z'.repeat(10_000_000)).length).toBeLessThan(60);
      expect(describeValue(`[${'0,'.repeat(5_000_000)}0]`).length).toBeLessThan(80);
    });
  });
});

describe('looksLikeJson', () => {
  describe('lists and objects', () => {
    it('should find JSON lists and objects, around spaces', () => {
      expect(looksLikeJson('["a","b"]')).toBe(true);
      expect(looksLikeJson('  {"a": [1, {"b": null}]}\n')).toBe(true);
      expect(looksLikeJson('[]')).toBe(true);
    });

    it('should take a very long text that starts like JSON for JSON without parsing it', () => {
      expect(looksLikeJson(`[${'x'.repeat(200_000)}`)).toBe(true);
    });
  });

  describe('other text', () => {
    it('should not take scalars, broken JSON or plain text for JSON', () => {
      for (const text of ['5', '"a"', 'true', 'null', '[a, b', '{a: 1}', 'hello', '', '  ']) {
        expect(looksLikeJson(text)).toBe(false);
      }
    });
  });
});

describe('describeKinds', () => {
  describe('phrases', () => {
    it('should name each kind', () => {
      expect(describeKinds(JsonKind.string)).toBe('text');
      expect(describeKinds(JsonKind.number | JsonKind.integer)).toBe('a number');
      expect(describeKinds(JsonKind.integer)).toBe('an integer');
      expect(describeKinds(JsonKind.boolean)).toBe('true or false');
      expect(describeKinds(JsonKind.array)).toBe('a list');
      expect(describeKinds(JsonKind.object)).toBe('an object');
      expect(describeKinds(JsonKind.null)).toBe('null');
    });

    it('should join several kinds', () => {
      expect(describeKinds(JsonKind.integer | JsonKind.null)).toBe('an integer or null');
      expect(describeKinds(JsonKind.array | JsonKind.object)).toBe('a list or an object');
      expect(
        describeKinds(JsonKind.string | JsonKind.number | JsonKind.integer | JsonKind.null),
      ).toBe('text, a number or null');
    });
  });
});

describe('joinAlternatives', () => {
  describe('phrases', () => {
    it('should join with commas and a final or', () => {
      expect(joinAlternatives([])).toBe('');
      expect(joinAlternatives(['a'])).toBe('a');
      expect(joinAlternatives(['a', 'b'])).toBe('a or b');
      expect(joinAlternatives(['a', 'b', 'c'])).toBe('a, b or c');
    });
  });
});

describe('describeMember', () => {
  describe('members', () => {
    it('should write scalars as literals and composites as JSON', () => {
      expect(describeMember('x')).toBe('"x"');
      expect(describeMember(2)).toBe('2');
      expect(describeMember(null)).toBe('null');
      expect(describeMember([1, 'a'])).toBe('[1,"a"]');
      expect(describeMember({ a: { b: true } })).toBe('{"a":{"b":true}}');
    });

    it('should cut JSON after 60 characters', () => {
      expect(describeMember({ text: 'x'.repeat(100) })).toBe(`{"text":"${'x'.repeat(51)}…`);
    });

    it('should describe what JSON cannot write', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(describeMember(cyclic)).toBe('an object');
      expect(describeMember([1n])).toBe('a list of 1 item');
    });
  });
});
