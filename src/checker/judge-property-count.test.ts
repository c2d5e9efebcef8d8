import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';
import { judgeArguments } from './check-arguments.ts';

describe('propertyCountKeyword', () => {
  it('should refuse an object with too few or too many properties', () => {
    const schema = { type: 'object', minProperties: 1, maxProperties: 2 };
    expect(messagesOf(schema, {})).toEqual(['The arguments must hold at least 1 property, not 0.']);
    expect(messagesOf(schema, { a: 1, b: 2, c: 3 })).toEqual([
      'The arguments must hold at most 2 properties, not 3.',
    ]);
    expect(messagesOf(schema, { a: 1, b: undefined })).toEqual([]);
  });

  it('should count what the tool receives, after a null becomes omission', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      minProperties: 2,
    };
    const judgement = judgeArguments(schema, { a: 'x', b: null });
    expect(judgement.mismatches.map(({ message }) => message)).toEqual([
      'The arguments must hold at least 2 properties, not 1.',
    ]);
    expect(judgeArguments(schema, { a: 'x', b: 'y' }).mismatchCount).toBe(0);
  });
});
