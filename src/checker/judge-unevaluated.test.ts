import { describe, expect, it } from 'vitest';
import {
  type CheckArgumentsOptions,
  checkArguments,
  fitArguments,
  judgeArguments,
} from './check-arguments.ts';

const exact: CheckArgumentsOptions = { leniency: 'exact' };
const draft2020 = 'https://json-schema.org/draft/2020-12/schema';

function messagesOf(schema: unknown, args: unknown, options = exact) {
  return checkArguments(schema, args, options).map(({ message }) => message);
}

describe('unevaluatedProperties', () => {
  /** A base shape by reference, extended beside it and closed to any other name. */
  const extended = {
    $schema: draft2020,
    $defs: { place: { properties: { city: { type: 'string' } }, required: ['city'] } },
    $ref: '#/$defs/place',
    properties: { days: { type: 'integer' } },
    unevaluatedProperties: false,
  };

  it('should count the names judged by a reference and by the properties beside it', () => {
    expect(checkArguments(extended, { city: 'Oslo', days: 3 }, exact)).toEqual([]);
    expect(messagesOf(extended, { city: 'Oslo', days: 3, unit: 'C' })).toEqual([
      '"unit" must not be sent.',
    ]);
  });

  it('should count the names of the union branches the value fits, and only those', () => {
    const schema = {
      $schema: draft2020,
      anyOf: [
        { properties: { kind: { const: 'nights' }, nights: { type: 'integer' } } },
        { properties: { kind: { const: 'until' }, date: { type: 'string' } } },
      ],
      unevaluatedProperties: false,
    };
    expect(checkArguments(schema, { kind: 'nights', nights: 2 }, exact)).toEqual([]);
    // `date` belongs to a branch the value does not fit.
    expect(messagesOf(schema, { kind: 'nights', nights: 2, date: 'x' })).toEqual([
      '"date" must not be sent.',
    ]);
  });

  it('should count the names of if with then, or of else', () => {
    const schema = {
      $schema: draft2020,
      if: { properties: { unit: { const: 'metric' } }, required: ['unit'] },
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
      then: { properties: { celsius: { type: 'number' } } },
      else: { properties: { fahrenheit: { type: 'number' } } },
      unevaluatedProperties: false,
    };
    expect(checkArguments(schema, { unit: 'metric', celsius: 20 }, exact)).toEqual([]);
    expect(checkArguments(schema, { fahrenheit: 70 }, exact)).toEqual([]);
    expect(messagesOf(schema, { unit: 'metric', fahrenheit: 70 })).toEqual([
      '"fahrenheit" must not be sent.',
    ]);
  });

  it('should count names matched by patterns and names of dependent schemas', () => {
    const schema = {
      $schema: draft2020,
      patternProperties: { '^x-': true },
      dependentSchemas: { card: { properties: { card: true, billing: true } } },
      unevaluatedProperties: false,
    };
    expect(checkArguments(schema, { 'x-trace': 1, card: 1, billing: 2 }, exact)).toEqual([]);
    expect(messagesOf(schema, { billing: 2 })).toEqual(['"billing" must not be sent.']);
  });

  it('should judge the other names by its schema, and hand on a lenient cast', () => {
    const schema = {
      $schema: draft2020,
      properties: { city: { type: 'string' } },
      unevaluatedProperties: { type: 'integer' },
    };
    expect(messagesOf(schema, { city: 'Oslo', days: 'three' })).toEqual([
      '"days" must be an integer, not text ("three").',
    ]);
    const judged = judgeArguments(schema, { city: 'Oslo', days: '3' });
    expect(judged.mismatchCount).toBe(0);
    expect(judged.value).toEqual({ city: 'Oslo', days: 3 });
  });

  it('should refuse nothing where what was judged cannot be known', () => {
    // A branch the checker does not judge (an unknown type) may have judged any name.
    const unknownBranch = {
      $schema: draft2020,
      allOf: [{ type: 'decimal' }],
      unevaluatedProperties: false,
    };
    expect(checkArguments(unknownBranch, { amount: 1 }, exact)).toEqual([]);
    // A pattern RE2 cannot run the same way may match any name.
    const lookahead = {
      $schema: draft2020,
      patternProperties: { '^(?=x)': true },
      unevaluatedProperties: false,
    };
    expect(checkArguments(lookahead, { xy: 1 }, exact)).toEqual([]);
    expect(fitArguments(lookahead, { xy: 1 }, exact)).toEqual({ fits: true, complete: false });
  });

  it('should not be judged without 2020-12 named, where draft 7 would ignore it', () => {
    const schema = { properties: { city: {} }, unevaluatedProperties: false };
    expect(checkArguments(schema, { city: 'Oslo', days: 3 }, exact)).toEqual([]);
    expect(fitArguments(schema, { city: 'Oslo', days: 3 }, exact)).toEqual({
      fits: true,
      complete: false,
    });
  });

  it('should make a pass it could not finish incomplete, so not does not turn it into a refusal', () => {
    // Each level applies the one below twice: past the applications allowed, nothing is known.
    const $defs: Record<string, unknown> = { l0: { properties: { a: true } } };
    for (let level = 1; level <= 16; level++) {
      const below = { $ref: `#/$defs/l${level - 1}` };
      $defs[`l${level}`] = { allOf: [below, below] };
    }
    const schema = {
      $schema: draft2020,
      $defs,
      not: { allOf: [{ $ref: '#/$defs/l16' }], unevaluatedProperties: false },
    };
    expect(checkArguments(schema, { a: 1, b: 2 }, exact)).toEqual([]);
  });

  it('should try the branches beside it a bounded number of times, not once per level', () => {
    // Sixteen levels of a union closed beside it: trying each level's branch anew at every level
    // above would walk the object 2^16 times.
    const $defs: Record<string, unknown> = { l0: { patternProperties: { '^k': true } } };
    for (let level = 1; level <= 16; level++) {
      $defs[`l${level}`] = {
        anyOf: [{ $ref: `#/$defs/l${level - 1}` }],
        unevaluatedProperties: false,
      };
    }
    const schema = { $schema: draft2020, $defs, $ref: '#/$defs/l16' };
    const args = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`k${index}`, 1]));
    expect(checkArguments(schema, args, exact)).toEqual([]);
    expect(messagesOf(schema, { k: 1, other: 2 })).toContain('"other" must not be sent.');
  });

  it('should stop on a reference to itself and pass what it cannot finish', () => {
    const schema = {
      $schema: draft2020,
      properties: { name: { type: 'string' } },
      allOf: [{ $ref: '#' }],
      unevaluatedProperties: false,
    };
    expect(checkArguments(schema, { name: 'a' }, exact)).toEqual([]);
  });
});

describe('unevaluatedItems', () => {
  it('should count the items of prefixItems and those contains matched', () => {
    const schema = {
      $schema: draft2020,
      prefixItems: [{ type: 'string' }],
      contains: { type: 'integer' },
      unevaluatedItems: false,
    };
    expect(checkArguments(schema, ['a', 1, 2], exact)).toEqual([]);
    expect(messagesOf(schema, ['a', 1, true])).toEqual(['"[2]" must not be sent.']);
  });

  it('should count the items of a branch the list fits', () => {
    const schema = {
      $schema: draft2020,
      oneOf: [{ prefixItems: [{ type: 'string' }, { type: 'integer' }] }],
      unevaluatedItems: { type: 'boolean' },
    };
    expect(checkArguments(schema, ['a', 1, true], exact)).toEqual([]);
    expect(messagesOf(schema, ['a', 1, 'x'])).toEqual([
      '"[2]" must be true or false, not text ("x").',
    ]);
  });
});
