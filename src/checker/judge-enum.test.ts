import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';
import { fitArguments } from './check-arguments.ts';

/** `leaf` inside `levels` lists, deeper than `enum`/`const` members are compared at 300. */
function nested(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = [value];
  return value;
}

describe('enumJudge', () => {
  describe('members deeper than compared', () => {
    it('should pass a value that matches a member as deep as it compares, as not judged in full', () => {
      for (const schema of [{ const: nested(300, 1) }, { enum: ['a', nested(300, 1)] }]) {
        expect(fitArguments(schema, nested(300, 2), { leniency: 'exact' })).toEqual({
          fits: true,
          complete: false,
        });
      }
      expect(fitArguments({ const: nested(30, 1) }, nested(30, 1), { leniency: 'exact' })).toEqual({
        fits: true,
        complete: true,
      });
    });

    it('should not count such a match as a sure fit where a fit decides (not, oneOf, if)', () => {
      const member = nested(300, 1);
      const value = nested(300, 2);
      expect(messagesOf({ not: { const: member } }, value)).toEqual([]);
      expect(messagesOf({ not: { enum: [5, member] } }, value)).toEqual([]);
      expect(messagesOf({ oneOf: [{ const: member }, { type: 'array' }] }, value)).toEqual([]);
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
      const condition = { if: { const: member }, then: false };
      expect(messagesOf(condition, value)).toEqual([]);
    });

    it('should still refuse a value that differs from every member above that depth', () => {
      expect(messagesOf({ not: { const: nested(30, 1) } }, nested(30, 1))).toHaveLength(1);
      expect(messagesOf({ const: nested(300, 1) }, [nested(299, 1), 1])).toHaveLength(1);
    });
  });
});
