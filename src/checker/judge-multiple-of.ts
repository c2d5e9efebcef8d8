import { JsonKind } from '../schema/json-kind.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/**
 * How far from a whole number a quotient may lie and still count as one, in units of its own size:
 * `0.3 / 0.1` is 2.9999999999999996 in binary floating point, and a value JSON Schema accepts is
 * never refused for that.
 */
const tolerance = 4 * Number.EPSILON;

/** `multipleOf`. */
export const multipleOfKeyword: KeywordJudge = {
  kinds: JsonKind.number | JsonKind.integer,
  build({ multipleOf }): Judge | undefined {
    if (multipleOf === undefined) return undefined;
    return (value, run) => {
      const quotient = (value as number) / multipleOf;
      if (Number.isInteger(quotient)) return value;
      const multiple = Number.isFinite(quotient)
        ? Math.abs(quotient - Math.round(quotient)) <= tolerance * Math.max(1, Math.abs(quotient))
        : isDecimalMultiple(value as number, multipleOf);
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
 * Whether `value` is a multiple of `divisor` as the decimal numbers JSON Schema means, for a
 * quotient too large for floating point (`1e308 / 0.5`): each number's shortest decimal form
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
