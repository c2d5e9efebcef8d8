import { describe, expect, it } from 'vitest';
import type { Mismatch } from './mismatch.ts';
import { notRunAnswer, refusedAnswer } from './refusal-texts.ts';

function mismatch(message: string): Mismatch {
  return { code: 'type', path: ['a'], expected: 'text', received: 'true', message };
}

describe('refusedAnswer', () => {
  describe('lines', () => {
    it('should start with the headline, then one sentence per line', () => {
      expect(
        refusedAnswer({
          toolName: 'weather',
          mismatches: [mismatch('first.'), mismatch('second.')],
          mismatchCount: 2,
        }),
      ).toMatchInlineSnapshot(`
        "Refused: the arguments do not match the schema of tool "weather", so nothing was run.
        first.
        second."
      `);
    });

    it('should say how many mismatches are not listed', () => {
      expect(
        refusedAnswer({ toolName: 't', mismatches: [mismatch('one.')], mismatchCount: 4 }),
      ).toBe(
        'Refused: the arguments do not match the schema of tool "t", so nothing was run.\none.\n…and 3 more mismatches not listed.',
      );
      expect(
        refusedAnswer({ toolName: 't', mismatches: [mismatch('one.')], mismatchCount: 2 }).split(
          '\n',
        )[2],
      ).toBe('…and 1 more mismatch not listed.');
    });
  });

  describe('tool name', () => {
    it('should quote the tool name as JSON', () => {
      expect(refusedAnswer({ toolName: 'a"b\nc', mismatches: [], mismatchCount: 0 })).toBe(
        'Refused: the arguments do not match the schema of tool "a\\"b\\nc", so nothing was run.',
      );
    });
  });
});

describe('notRunAnswer', () => {
  describe('which calls were refused', () => {
    it('should name one refused tool', () => {
      expect(notRunAnswer({ refusedToolNames: ['weather'] })).toBe(
        'Not run: a call to tool "weather" in the same turn was refused, so no call of this turn was run. Send this call again together with the corrected call.',
      );
    });

    it('should name two or more refused tools', () => {
      expect(notRunAnswer({ refusedToolNames: ['a', 'b'] })).toBe(
        'Not run: calls to tools "a" and "b" in the same turn were refused, so no call of this turn was run. Send this call again together with the corrected call.',
      );
      expect(notRunAnswer({ refusedToolNames: ['a', 'b', 'c'] })).toContain(
        'calls to tools "a", "b" and "c" in the same turn were refused',
      );
    });

    it('should name a tool once, with the count, when several of its calls were refused', () => {
      expect(notRunAnswer({ refusedToolNames: ['a', 'a'] })).toContain(
        'Not run: 2 calls to tool "a" in the same turn were refused',
      );
    });
  });
});
