import { describe, expect, it } from 'vitest';
import { type CheckArgumentsOptions, checkArguments } from './check-arguments.ts';

const exact: CheckArgumentsOptions = { leniency: 'exact' };

function messagesOf(schema: unknown, args: unknown) {
  return checkArguments(schema, args, exact).map(({ message }) => message);
}

describe('dependentSchemas', () => {
  const schema = {
    type: 'object',
    properties: { card: { type: 'string' }, billing: {} },
    dependentSchemas: {
      card: { properties: { billing: { type: 'string' } }, required: ['billing'] },
    },
  };

  it('should judge a property schema only when the object holds its name', () => {
    expect(checkArguments(schema, { billing: 5 }, exact)).toEqual([]);
    expect(checkArguments(schema, { card: 'x', billing: 'addr' }, exact)).toEqual([]);
    expect(messagesOf(schema, { card: 'x' })).toEqual(['"billing" is required but was not sent.']);
    expect(messagesOf(schema, { card: 'x', billing: 5 })).toEqual([
      '"billing" must be text, not the number 5.',
    ]);
  });

  it("should read draft 7's dependencies, in both forms", () => {
    const dependencies = {
      dependencies: { card: ['billing'], vip: { properties: { level: { type: 'integer' } } } },
    };
    expect(messagesOf(dependencies, { card: 'x' })).toEqual([
      '"billing" is required when "card" is sent, but was not sent.',
    ]);
    expect(messagesOf(dependencies, { vip: true, level: 'gold' })).toEqual([
      '"level" must be an integer, not text ("gold").',
    ]);
    expect(checkArguments(dependencies, [1], exact)).toEqual([]);
  });

  it('should not judge dependentSchemas where the schema declares draft 7', () => {
    const draft7 = { ...schema, $schema: 'http://json-schema.org/draft-07/schema#' };
    expect(checkArguments(draft7, { card: 'x' }, exact)).toEqual([]);
  });
});
