import { describe, expect, it } from 'vitest';
import { formatRatio, median } from './paired-ratios.ts';

describe('formatRatio', () => {
  it('prints two decimals and marks a missed goal', () => {
    expect(formatRatio(1.214, { atMost: 1.15 })).toBe('1.21x (MISSED)');
    expect(formatRatio(0.744, { atMost: 1.15 })).toBe('0.74x');
    expect(formatRatio(0.5, { atLeast: 1 })).toBe('0.50x (MISSED)');
    expect(formatRatio(1.5)).toBe('1.50x');
  });

  it('prints a third decimal where two would round to the goal', () => {
    expect(formatRatio(1.0334, { atMost: 1.03 })).toBe('1.033x (MISSED)');
    expect(formatRatio(1.0271, { atMost: 1.03 })).toBe('1.027x');
    expect(formatRatio(1.03, { atMost: 1.03 })).toBe('1.030x');
    expect(formatRatio(0.996, { atLeast: 1 })).toBe('0.996x (MISSED)');
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
