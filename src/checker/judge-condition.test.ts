import { describe, expect, it } from 'vitest';
import { type CheckArgumentsOptions, checkArguments, judgeArguments } from './check-arguments.ts';

const exact: CheckArgumentsOptions = { leniency: 'exact' };

function messagesOf(schema: unknown, args: unknown, options: CheckArgumentsOptions = exact) {
  return checkArguments(schema, args, options).map(({ message }) => message);
}

const postal = {
  type: 'object',
  properties: { country: { type: 'string' }, code: {} },
  if: { properties: { country: { const: 'US' } }, required: ['country'] },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
  then: { properties: { code: { type: 'integer' } }, required: ['code'] },
  else: { properties: { code: { type: 'string' } } },
};

describe('if/then/else', () => {
  it('should judge then where if fits, else where it does not', () => {
    expect(checkArguments(postal, { country: 'US', code: 12345 }, exact)).toEqual([]);
    expect(checkArguments(postal, { country: 'FR', code: '75001' }, exact)).toEqual([]);
    expect(messagesOf(postal, { country: 'US', code: 'abc' })).toEqual([
      '"code" must be an integer, not text ("abc").',
    ]);
    expect(messagesOf(postal, { country: 'US' })).toEqual(['"code" is required but was not sent.']);
    expect(messagesOf(postal, { country: 'FR', code: 75001 })).toEqual([
      '"code" must be text, not the number 75001.',
    ]);
  });

  it('should judge if exactly, then cast in the schema it chose', () => {
    expect(judgeArguments(postal, { country: 'US', code: '12345' }).value).toEqual({
      country: 'US',
      code: 12345,
    });
  });

  it('should refuse only what fits neither then nor else where the fit of if is not known', () => {
    const uncertain = {
      if: { type: 'string', format: 'email' },
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
      then: { enum: ['a@example.com'] },
      else: { enum: ['not-an-address'] },
    };
    expect(checkArguments(uncertain, 'a@example.com', exact)).toEqual([]);
    expect(checkArguments(uncertain, 'not-an-address', exact)).toEqual([]);
    expect(messagesOf(uncertain, 'other')).toEqual([
      'The arguments must be "not-an-address", not "other".',
    ]);
  });

  it('should ignore then and else without if', () => {
    // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
    expect(checkArguments({ then: false, else: false }, 1, exact)).toEqual([]);
  });
});
