import { describe, expect, it } from 'vitest';
import {
  judgeCountingApplications,
  selfApplyingName,
} from '../../test/support/judge-counting-applications.ts';
import { messagesOf } from '../../test/support/messages-of.ts';
import { prepareSchema } from '../schema/prepare-schema.ts';
import { createCheckState } from './check-state.ts';
import { judgeOf } from './judge-of.ts';
import { createRun, maxApplications, refused } from './judge-run.ts';

describe('propertyNamesKeyword', () => {
  it('should refuse a name that does not fit, saying what a name must be', () => {
    const headers = {
      type: 'object',
      properties: { headers: { propertyNames: { pattern: '^[a-z-]+$' } } },
    };
    expect(messagesOf(headers, { headers: { 'x-trace': 1, 'X Bad': 2 } })).toEqual([
      '"headers" holds the name "X Bad", but a name there must be text matching ^[a-z-]+$.',
    ]);
    expect(messagesOf({ propertyNames: { maxLength: 3 } }, { abcd: 1 })).toEqual([
      'The arguments hold the name "abcd", but a name there must be at most 3 characters long.',
    ]);
    expect(messagesOf({ propertyNames: { enum: ['a', 'b'] } }, { a: 1, b: 2 })).toEqual([]);
  });
});

describe('propertyNamesKeyword budgets', () => {
  const $defs = { name: selfApplyingName };
  const names = Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`k${index}`, 1]));

  it('should judge every name on the budgets of the judgement', () => {
    const schema = { $defs, propertyNames: { $ref: '#/$defs/name' } };
    const { result, spent, complete } = judgeCountingApplications(schema, names);
    expect(result).toBe(names);
    expect(spent).toBeGreaterThan(maxApplications);
    expect(spent).toBeLessThan(2 * maxApplications);
    expect(complete).toBe(false);
  });

  it('should describe refused names on those budgets too', () => {
    const schema = { $defs, propertyNames: { allOf: [{ $ref: '#/$defs/name' }], maxLength: 1 } };
    const report = createCheckState({
      leniency: 'exact',
      maxMismatches: Number.POSITIVE_INFINITY,
    });
    const run = createRun({ args: names, report });
    expect(judgeOf(prepareSchema(schema).root, false)(names, run, 0)).toBe(refused);
    expect(report.mismatches).toHaveLength(1_000);
    expect(report.mismatches[0]?.message).toBe(
      'The arguments hold the name "k0", but a name there must be at most 1 character long.',
    );
    const spent = maxApplications - run.applications;
    expect(spent).toBeGreaterThan(maxApplications);
    expect(spent).toBeLessThan(2 * maxApplications);
  });
});
