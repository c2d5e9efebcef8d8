import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPattern } from './read-pattern.ts';

const atoms = [
  'a',
  'b',
  '.',
  '\\s',
  '\\S',
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '\\b',
  '\\B',
  '[ab]',
  '[^a]',
  '[\\s]',
  '[^\\s]',
  '[a-c]',
  '\\u00e9',
  '\\u{1F600}',
  '[]',
  '[^]',
  '\\.',
  '(?:a|b)',
  '(a)',
  '(?<n>b)',
  'é',
  '😀',
  '\\r',
  '\\n',
  '\\x41',
  '[\\b]',
  '\\0',
  '[\\w-]',
  '\\$',
  '\\^',
  '[[]',
  '\\/',
  '[\\u{1F600}-\\u{1F64F}]',
  '\\p{L}',
  '\\P{Lu}',
  '\\p{Letter}',
  '\\p{digit}',
  '\\p{gc=Nd}',
  '\\p{Script=Greek}',
  '\\P{sc=Latin}',
  '\\p{White_Space}',
  '[\\p{Nd}_]',
  '[^\\p{L}]',
  '[\\P{L}]',
  '[^\\P{Ll}a]',
  '\\cJ',
  '\\ca',
  '[\\cI\\cM]',
];
const quantifiers = ['', '*', '+', '?', '{2}', '{1,3}', '*?', '{0,}'];
const pattern = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(fc.constantFrom(...atoms), fc.constantFrom(...quantifiers)), {
      minLength: 1,
      maxLength: 5,
    }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(
    ([start, pieces, end, alternatives]) =>
      `${start ? '^' : ''}${pieces.map(([atom, quantifier]) => atom + quantifier).join(alternatives ? '|' : '')}${end ? '$' : ''}`,
  );
const characters = [
  'a',
  'b',
  'c',
  'A',
  '1',
  ' ',
  '\u00a0',
  '\r',
  '\n',
  '\u2028',
  '\ufeff',
  'é',
  '😀',
  '\ud83d',
  '.',
  '$',
  '^',
  '[',
  '-',
  '_',
  '\u0000',
  '\b',
  '\v',
  '\t',
  'π',
  'Σ',
  '\u0663',
  '\u2003',
  '\u0001',
];
const text = fc
  .array(fc.constantFrom(...characters), { maxLength: 8 })
  .map((parts) => parts.join(''));

describe('readPattern', () => {
  it('should match exactly what an ECMAScript regular expression with the u flag matches', () => {
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 4, maxLength: 4 }), (source, texts) => {
        const { test, invalid } = readPattern(source);
        let native: RegExp;
        try {
          native = new RegExp(source, 'u');
        } catch {
          expect(invalid).toBe(true);
          return;
        }
        expect(test).toBeDefined();
        for (const sample of texts) expect(test?.(sample)).toBe(native.test(sample));
      }),
      { numRuns: 3000 },
    );
  });

  it('should leave unjudged what RE2 cannot run the same way', () => {
    for (const source of [
      '(?=a)',
      '(?<!a)b',
      '(a)\\1',
      '(?<n>a)\\k<n>',
      '\\p{Script_Extensions=Greek}',
      '[\\p{scx=Grek}]',
      '\\p{Script=Grek}',
      '\\p{ASCII}',
      '\\P{Alpha}',
      '[\\S]',
      '\\uD83D\\uDE00',
      'a{2000}',
      'a{600}b{600}',
      `${'a'.repeat(2001)}`,
    ]) {
      expect(readPattern(source)).toMatchObject({ test: undefined, invalid: false });
    }
  });

  it('should judge Unicode property escapes and control letters as the test suite means them', () => {
    const letters = readPattern('^\\p{Letter}+$').test;
    expect(['Hello', 'π', '123'].map((text) => letters?.(text))).toEqual([true, true, false]);
    const digits = readPattern('^\\p{digit}+$').test;
    expect(['42', '-%#', '\u09ea\u09e8'].map((text) => digits?.(text))).toEqual([
      true,
      false,
      true,
    ]);
    const control = readPattern('^\\cC$').test;
    expect(['\u0003', '\\cC'].map((text) => control?.(text))).toEqual([true, false]);
    expect(readPattern('[\\P{L}]').test?.('é')).toBe(false);
  });

  it('should say when a pattern is not valid', () => {
    for (const source of ['(', '[a', 'a**', '\\', '[[:alpha:]]']) {
      expect(readPattern(source)).toMatchObject({ test: undefined, invalid: true });
    }
  });
});
