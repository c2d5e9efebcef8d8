import { describe, expect, it } from 'vitest';
import { describeAllowedValues, describeMismatch } from './describe-mismatch.ts';
import { describeMember } from './describe-value.ts';

describe('describeMismatch', () => {
  describe('data', () => {
    it('should keep the draft fields and add the sentence', () => {
      expect(
        describeMismatch({
          code: 'type',
          path: ['a', 0],
          expected: 'text',
          received: 'true',
          jsonText: false,
        }),
      ).toEqual({
        code: 'type',
        path: ['a', 0],
        expected: 'text',
        received: 'true',
        message: '"a[0]" must be text, not true.',
      });
    });
  });

  describe('sentences', () => {
    it('should write one sentence for each code', () => {
      const sentence = (draft: Parameters<typeof describeMismatch>[0]) =>
        describeMismatch(draft).message;
      expect(sentence({ code: 'missing', path: ['a'], expected: 'a value', received: '' })).toBe(
        '"a" is required but was not sent.',
      );
      expect(
        sentence({ code: 'unreadable', path: ['b', 'c'], expected: 'JSON', received: '' }),
      ).toBe('"b.c" could not be read (reading it threw an error); send plain JSON.');
      expect(
        sentence({
          code: 'too-large',
          path: [],
          expected: 'at most 1,000,000 values',
          received: 'more than 1,000,000 values',
        }),
      ).toBe(
        'The arguments are too large to check (more than 1,000,000 values); send fewer values.',
      );
      expect(sentence({ code: 'null', path: ['a'], expected: 'text', received: 'null' })).toBe(
        '"a" must be text, not null.',
      );
      expect(
        sentence({ code: 'null', path: ['a'], expected: 'text', received: 'null', optional: true }),
      ).toBe('"a" must be text, not null; leave it out instead of sending null.');
      expect(
        sentence({ code: 'type', path: ['a'], expected: 'a list', received: 'x', jsonText: true }),
      ).toBe('"a" must be a list, not x; send the list itself, not a string.');
      expect(
        sentence({
          code: 'type',
          path: ['a'],
          expected: 'an object',
          received: 'x',
          jsonText: true,
        }),
      ).toBe('"a" must be an object, not x; send the object itself, not a string.');
      expect(
        sentence({
          code: 'type',
          path: ['a'],
          expected: 'a list or an object',
          received: 'x',
          jsonText: true,
        }),
      ).toBe('"a" must be a list or an object, not x; send the value itself, not a string.');
      expect(sentence({ code: 'enum', path: ['a'], expected: '"b"', received: '"c"' })).toBe(
        '"a" must be "b", not "c".',
      );
      expect(sentence({ code: 'forbidden', path: ['a'], expected: 'nothing', received: '1' })).toBe(
        '"a" must not be sent.',
      );
      expect(sentence({ code: 'forbidden', path: [], expected: 'nothing', received: '{}' })).toBe(
        'The arguments can never fit: this tool accepts no call, so do not call it.',
      );
      expect(
        sentence({ code: 'unparsable', path: [], expected: 'a JSON object', received: '"{"' }),
      ).toBe('The arguments are not valid JSON ("{"); send one JSON object.');
    });

    it('should call an empty path "The arguments"', () => {
      expect(
        describeMismatch({ code: 'type', path: [], expected: 'an object', received: 'null' })
          .message,
      ).toBe('The arguments must be an object, not null.');
    });

    it('should say where an unknown name is not accepted', () => {
      const unknown = (path: ReadonlyArray<string | number>, extra: object) =>
        describeMismatch({
          code: 'unknown',
          path,
          expected: 'an accepted name',
          received: '"x"',
          ...extra,
        }).message;
      expect(unknown(['x'], { suggestion: 'y' })).toBe(
        '"x" is not an argument of this tool; did you mean "y"?',
      );
      expect(unknown(['a', 0, 'x'], { acceptedNames: ['p', 'q'] })).toBe(
        '"a[0].x" is not accepted in "a[0]"; the accepted names are "p", "q".',
      );
      expect(unknown(['x'], {})).toBe(
        '"x" is not an argument of this tool; no names are accepted there.',
      );
    });

    it('should quote and cut accepted names and suggestions', () => {
      const long = 'n'.repeat(100);
      const message = describeMismatch({
        code: 'unknown',
        path: ['x'],
        expected: 'an accepted name',
        received: '"x"',
        acceptedNames: [long, 'a"b'],
      }).message;
      expect(message).toBe(
        `"x" is not an argument of this tool; the accepted names are "${'n'.repeat(40)}…", "a\\"b".`,
      );
      expect(
        describeMismatch({
          code: 'unknown',
          path: ['x'],
          expected: 'an accepted name',
          received: '"x"',
          suggestion: long,
        }).message,
      ).toBe(`"x" is not an argument of this tool; did you mean "${'n'.repeat(40)}…"?`);
    });
  });
});

describe('describeAllowedValues', () => {
  describe('phrases', () => {
    it('should name one value, or list the choices', () => {
      expect(describeAllowedValues(['a'], describeMember)).toBe('"a"');
      expect(describeAllowedValues(['a', 'b'], describeMember)).toBe('one of "a" or "b"');
      expect(describeAllowedValues([1, null, [2]], describeMember)).toBe('one of 1, null or [2]');
    });

    it('should say when nothing is allowed', () => {
      expect(describeAllowedValues([], describeMember)).toBe('nothing (no value is allowed)');
    });
  });

  describe('cap', () => {
    it('should list at most ten values by default, then say how many more', () => {
      const members = Array.from({ length: 11 }, (_, index) => index);
      expect(describeAllowedValues(members, describeMember)).toBe(
        'one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (or 1 more)',
      );
      expect(describeAllowedValues(members.slice(0, 10), describeMember)).toBe(
        'one of 0, 1, 2, 3, 4, 5, 6, 7, 8 or 9',
      );
    });

    it('should take another cap', () => {
      expect(describeAllowedValues(['a', 'b', 'c'], describeMember, 2)).toBe(
        'one of "a", "b" (or 1 more)',
      );
    });
  });
});
