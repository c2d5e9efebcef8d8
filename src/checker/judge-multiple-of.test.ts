import { Validator } from '@cfworker/json-schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';
import { fitArguments } from './check-arguments.ts';

/**
 * cfworker divides every number as decimals from its shortest form: the same verdict, but for a
 * whole number past 2^53 whose exact value says otherwise, which passes, not judged in full.
 */
function expectVerdictOfCfworker(multipleOf: number, value: number): void {
  const expected = new Validator({ multipleOf }, '2020-12').validate(value).valid;
  const { fits, complete } = fitArguments({ multipleOf }, value, { leniency: 'exact' });
  if (fits === expected) return;
  expect({ fits, complete, unsafe: !Number.isSafeInteger(value) }).toEqual({
    fits: true,
    complete: false,
    unsafe: true,
  });
}

describe('multipleOfKeyword', () => {
  it('should refuse a number that is not a multiple', () => {
    expect(messagesOf({ multipleOf: 5 }, 12)).toEqual([
      'The arguments must be a multiple of 5, not 12.',
    ]);
    expect(messagesOf({ multipleOf: 0.01 }, 0.005)).toEqual([
      'The arguments must be a multiple of 0.01, not 0.005.',
    ]);
  });

  it('should pass decimal multiples that binary floating point cannot divide exactly', () => {
    for (const [value, multipleOf] of [
      [0.3, 0.1],
      [19.99, 0.01],
      [0.0075, 0.0001],
      [1.1, 0.1],
      [4.35, 0.05],
      [-0.7, 0.1],
    ] as const) {
      expect(messagesOf({ multipleOf }, value)).toEqual([]);
    }
  });

  it('should divide as decimals a quotient too large for floating point', () => {
    expect(messagesOf({ type: 'integer', multipleOf: 0.123456789 }, 1e308)).toEqual([
      'The arguments must be a multiple of 0.123456789, not 1e+308.',
    ]);
    expect(messagesOf({ multipleOf: 0.3 }, -1e308)).toHaveLength(1);
    for (const [value, multipleOf] of [
      [1e308, 0.5],
      [-1e308, 0.5],
      [1e308, 0.1],
      [5e307, 0.2],
      [Number.MAX_VALUE, 1e-10],
      [1.5e300, 3e-10],
    ] as const) {
      expect(fitArguments({ multipleOf }, value, { leniency: 'exact' })).toEqual({
        fits: true,
        complete: true,
      });
    }
  });

  it('should judge overflowing quotients as cfworker does, which divides every number as decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e300, max: Number.MAX_VALUE, noNaN: true }),
        fc.constantFrom(1e-10, 3e-10, 2.5e-9, 1.23456789e-9, 2e-20, 7e-300, 6.25e-12),
        fc.boolean(),
        (magnitude, multipleOf, negative) => {
          const value = negative ? -magnitude : magnitude;
          expect(value / multipleOf).toBe(negative ? -Infinity : Infinity);
          expectVerdictOfCfworker(multipleOf, value);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should give a certain verdict, so not and oneOf read it right', () => {
    // Within a few units in the last place of a whole number, but not a multiple as decimals.
    for (const [value, multipleOf] of [
      [1.0000000000000002, 1],
      [3.0000000000000004, 3],
      [0.2500000000000001, 0.25],
      [2 ** 60, 3],
    ] as const) {
      expect(messagesOf({ not: { multipleOf } }, value)).toEqual([]);
      expect(messagesOf({ multipleOf }, value)).toHaveLength(1);
    }
  });

  it('should judge any pair as cfworker does, which divides every number as decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()),
        fc.constantFrom(0.1, 0.01, 0.25, 3, 7, 2.5, 1e-10, 0.123456789, 1e21),
        (value, multipleOf) => {
          expectVerdictOfCfworker(multipleOf, value);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('should pass a whole number past 2^53 whose exact value and printed form disagree', () => {
    // 2^57 is a multiple of 4; its shortest form, 144115188075855870, is not.
    expect(fitArguments({ multipleOf: 4 }, 2 ** 57, { leniency: 'exact' })).toEqual({
      fits: true,
      complete: false,
    });
    expect(messagesOf({ not: { multipleOf: 4 } }, 2 ** 57)).toEqual([]);
  });
});
