import { describe, expect, it } from 'vitest';
import {
  judgeCountingApplications,
  selfApplyingName,
} from '../../test/support/judge-counting-applications.ts';
import { messagesOf } from '../../test/support/messages-of.ts';
import { fitArguments } from './check-arguments.ts';
import { maxApplications } from './judge-run.ts';

describe('containsKeyword', () => {
  it('should refuse a list without an item that fits', () => {
    const schema = { type: 'array', contains: { type: 'integer' } };
    expect(messagesOf(schema, ['a', 'b'])).toEqual([
      'The arguments must hold at least 1 item that fits its "contains" schema, not 0.',
    ]);
    expect(messagesOf(schema, ['a', 2])).toEqual([]);
  });

  it('should count fitting items against minContains and maxContains', () => {
    const schema = { contains: { const: 1 }, minContains: 2, maxContains: 3 };
    expect(messagesOf(schema, [1, 2])).toEqual([
      'The arguments must hold at least 2 items that fit its "contains" schema, not 1.',
    ]);
    expect(messagesOf(schema, [1, 1, 1, 1])).toEqual([
      'The arguments must hold at most 3 items that fit its "contains" schema, not 4.',
    ]);
    expect(messagesOf(schema, [1, 1, 2])).toEqual([]);
    expect(messagesOf({ contains: { const: 1 }, minContains: 0 }, [])).toEqual([]);
  });

  it('should count only what fits exactly, in both modes', () => {
    const schema = { type: 'array', contains: { type: 'integer' } };
    expect(messagesOf(schema, ['5'], 'lenient')).toHaveLength(1);
  });

  it('should not judge maxContains where an item met a part it does not judge', () => {
    const schema = { contains: { type: 'string', format: 'email' }, maxContains: 1 };
    expect(fitArguments(schema, ['a', 'b'], { leniency: 'exact' })).toEqual({
      fits: true,
      complete: false,
    });
  });

  it('should not call a count complete where it rests on an item not judged in full', () => {
    const schema = { contains: { type: 'string', format: 'email' } };
    expect(fitArguments(schema, ['a'], { leniency: 'exact' })).toEqual({
      fits: true,
      complete: false,
    });
    // So `not` of it passes what it cannot be sure it rules out.
    expect(messagesOf({ not: schema }, ['a'])).toEqual([]);
    expect(messagesOf({ not: { contains: { type: 'string' } } }, ['a'])).toHaveLength(1);
  });
});

describe('containsKeyword budgets', () => {
  it('should judge the items on the budgets of the judgement, so a branching schema stays bounded', () => {
    // Each level tries both `contains` branches: 2^25 applications, were each count judged apart.
    const schema = {
      anyOf: [
        { contains: { $ref: '#' }, minContains: 2 },
        { contains: { $ref: '#' }, minContains: 3 },
        { type: 'array' },
      ],
    };
    let value: unknown = [];
    for (let level = 0; level < 24; level++) value = [value];
    const { result, spent } = judgeCountingApplications(schema, value);
    expect(result).toBe(value);
    expect(spent).toBeGreaterThan(maxApplications);
    expect(spent).toBeLessThan(2 * maxApplications);
  });

  it('should share those budgets between the items of a list of lists', () => {
    const schema = {
      $defs: { name: selfApplyingName },
      items: { contains: { $ref: '#/$defs/name' } },
    };
    const value = Array.from({ length: 1_000 }, (_, index) => [`item ${index}`]);
    const { result, spent, complete } = judgeCountingApplications(schema, value);
    expect(result).toBe(value);
    expect(spent).toBeGreaterThan(maxApplications);
    expect(spent).toBeLessThan(2 * maxApplications);
    expect(complete).toBe(false);
  });
});
