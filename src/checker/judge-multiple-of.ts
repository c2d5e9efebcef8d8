import { JsonKind } from '../schema/json-kind.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/**
 * `multipleOf`, as the decimal numbers JSON Schema means: `0.3` is a multiple of `0.1`, though
 * not in binary floating point. Whole numbers a double holds exactly are divided as they are; any
 * other pair exactly, from their decimal forms, so every verdict is certain (a tolerance would
 * call `1.0000000000000002` a multiple of `1`, and `not` would then refuse it).
 */
export const multipleOfKeyword: KeywordJudge = {
  kinds: JsonKind.number | JsonKind.integer,
  build({ multipleOf }): Judge | undefined {
    if (multipleOf === undefined) return undefined;
    const wholeDivisor = Number.isSafeInteger(multipleOf);
    return (value, run) => {
      const number = value as number;
      const multiple =
        wholeDivisor && Number.isSafeInteger(number)
          ? number % multipleOf === 0
          : isDecimalMultiple(number, multipleOf);
      if (multiple) return value;
      return refuse(run, () => ({
        code: 'multiple-of',
        expected: `a multiple of ${multipleOf}`,
        received: String(value),
      }));
    };
  },
};

/**
 * Whether `value` is a multiple of `divisor` as the decimal numbers JSON Schema means: each
 * number's shortest decimal form
 * (`1e+308`, `0.123456789`) is read as whole digits times a power of ten and divided exactly. That
 * power lies between -324 and 308 for any finite number, so the whole numbers stay below 10^650.
 */
function isDecimalMultiple(value: number, divisor: number): boolean {
  const dividend = decimalOf(value);
  const by = decimalOf(divisor);
  const shift = BigInt(dividend.exponent - by.exponent);
  return (
    (dividend.digits * 10n ** (shift > 0n ? shift : 0n)) %
      (by.digits * 10n ** (shift < 0n ? -shift : 0n)) ===
    0n
  );
}

/** `number` as whole digits times a power of ten, read from its shortest decimal form. */
function decimalOf(number: number): { digits: bigint; exponent: number } {
  const [significand = '', power = '0'] = String(Math.abs(number)).split('e');
  const [whole = '', fraction = ''] = significand.split('.');
  return { digits: BigInt(whole + fraction), exponent: Number(power) - fraction.length };
}
