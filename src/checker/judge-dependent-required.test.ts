import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';

describe('dependentRequiredKeyword', () => {
  it('should require names when another is sent', () => {
    const schema = {
      type: 'object',
      properties: { card: { type: 'object', dependentRequired: { number: ['cvc', 'expiry'] } } },
    };
    expect(messagesOf(schema, { card: { number: '4242' } })).toEqual([
      '"card.cvc" is required when "card.number" is sent, but was not sent.',
      '"card.expiry" is required when "card.number" is sent, but was not sent.',
    ]);
    expect(messagesOf(schema, { card: {} })).toEqual([]);
    expect(messagesOf(schema, { card: { number: '4242', cvc: '1', expiry: '12/30' } })).toEqual([]);
  });

  it("should read draft 7's dependencies lists, and leave its schemas to dependentSchemas", () => {
    const schema = { dependencies: { a: ['b'], c: { required: ['d'] } } };
    expect(messagesOf(schema, { a: 1 })).toEqual([
      '"b" is required when "a" is sent, but was not sent.',
    ]);
    expect(messagesOf(schema, { c: 1 })).toEqual(['"d" is required but was not sent.']);
  });
});
