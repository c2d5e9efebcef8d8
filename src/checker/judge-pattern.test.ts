import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';
import { checkArguments, fitArguments } from './check-arguments.ts';

const date = (keywords: object) => ({ type: 'object', properties: { date: keywords } });

describe('patternKeyword', () => {
  it('should refuse text the pattern does not match, searching anywhere as JSON Schema does', () => {
    const schema = date({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
    expect(messagesOf(schema, { date: '12/03/2026' })).toEqual([
      '"date" must match ^\\d{4}-\\d{2}-\\d{2}$, not "12/03/2026".',
    ]);
    expect(messagesOf(schema, { date: '2026-12-03' })).toEqual([]);
    expect(messagesOf(date({ pattern: 'a+' }), { date: 'xxaay' })).toEqual([]);
  });

  it('should show a long pattern cut short', () => {
    const pattern = `^${'a'.repeat(150)}$`;
    expect(messagesOf(date({ pattern }), { date: 'b' })).toEqual([
      `"date" must match ^${'a'.repeat(99)}…, not "b".`,
    ]);
  });

  it('should judge a catastrophically backtracking pattern in linear time', () => {
    // Each would backtrack for longer than the age of the universe on a backtracking engine.
    const hostile = [
      ['^(a|a)*$', `${'a'.repeat(50_000)}!`],
      ['^(a+)+$', `${'a'.repeat(50_000)}!`],
      ['(x+x+)+y', 'x'.repeat(50_000)],
      ['^(\\w+\\s?)*$', `${'word '.repeat(10_000)}!`],
    ];
    for (const [pattern, text] of hostile) {
      expect(
        checkArguments(date({ pattern }), { date: text }, { leniency: 'exact' }),
      ).toMatchObject([{ code: 'pattern', path: ['date'] }]);
    }
  });

  it('should pass, unjudged, text longer than it matches', () => {
    const schema = date({ pattern: '^a+$' });
    expect(fitArguments(schema, { date: 'b'.repeat(100_001) }, { leniency: 'exact' })).toEqual({
      fits: true,
      complete: false,
    });
    expect(messagesOf(schema, { date: 'b'.repeat(100_000) })).toHaveLength(1);
  });

  it('should pass, unjudged, a pattern the linear-time engine cannot run the same way', () => {
    for (const pattern of ['^(?=(a+)+$)', '^(a)\\1$', '^\\p{scx=Greek}', '[\\S]x']) {
      expect(fitArguments(date({ pattern }), { date: '!' }, { leniency: 'exact' })).toEqual({
        fits: true,
        complete: false,
      });
    }
  });

  it('should pass text against a pattern that is not valid', () => {
    expect(messagesOf(date({ pattern: '(' }), { date: 'x' })).toEqual([]);
  });
});
