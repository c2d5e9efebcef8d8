import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';
import { fitArguments } from './check-arguments.ts';

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

  it('should pass, unjudged, a quotient too large to compute', () => {
    expect(fitArguments({ multipleOf: 0.123456789 }, 1e308, { leniency: 'exact' })).toEqual({
      fits: true,
      complete: false,
    });
  });
});
