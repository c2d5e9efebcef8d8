import { describe, expect, it } from 'vitest';
import { type CheckArgumentsOptions, checkArguments } from './check-arguments.ts';

const exact: CheckArgumentsOptions = { leniency: 'exact' };

function messagesOf(schema: unknown, args: unknown, options: CheckArgumentsOptions = exact) {
  return checkArguments(schema, args, options).map(({ code, message }) => `[${code}] ${message}`);
}

describe('not', () => {
  it('should refuse a value that fits the schema under not, saying what it must not be', () => {
    const role = {
      type: 'object',
      properties: { role: { type: 'string', not: { enum: ['admin', 'root'] } } },
    };
    expect(checkArguments(role, { role: 'editor' }, exact)).toEqual([]);
    expect(messagesOf(role, { role: 'admin' })).toEqual([
      '[excluded] "role" must not be one of "admin" or "root".',
    ]);
    expect(messagesOf({ not: { type: 'string' } }, 'x')).toEqual([
      '[excluded] The arguments must not be text.',
    ]);
    expect(messagesOf({ type: 'object', not: { required: ['a', 'b'] } }, { a: 1, b: 2 })).toEqual([
      '[excluded] The arguments must not be an object with "a" and "b".',
    ]);
    expect(
      messagesOf({ not: { properties: { a: { const: 1 } }, required: ['a'] } }, { a: 1 }),
    ).toEqual(['[excluded] The arguments must not be a value its "not" schema admits.']);
  });

  it('should judge the schema under not exactly, in lenient mode too', () => {
    const schema = { not: { type: 'integer' } };
    for (const options of [exact, {}]) {
      expect(checkArguments(schema, '5', options)).toEqual([]);
      expect(messagesOf(schema, 5, options)).toEqual([
        '[excluded] The arguments must not be an integer.',
      ]);
    }
  });

  it('should pass a value whose fit under not it cannot judge in full', () => {
    for (const excluded of [
      { type: 'string', format: 'email' },
      { $ref: 'https://example.com/a.json' },
      { type: 'string', minLength: 3 },
    ]) {
      expect(checkArguments({ not: excluded }, 'x', exact)).toEqual([]);
    }
  });
});
