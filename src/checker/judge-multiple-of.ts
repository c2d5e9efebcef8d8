import { JsonKind } from '../schema/json-kind.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/**
 * `multipleOf`, as the decimal numbers JSON Schema means: `0.3` is a multiple of `0.1`, though
 * not in binary floating point. Whole numbers a double holds exactly are divided as they are; any
 * other pair exactly, from their decimal forms, so every verdict is certain (a tolerance would
 * call `1.0000000000000002` a multiple of `1`, and `not` would then refuse it). A whole number
 * past 2^53 stands for several texts (`144115188075855872` prints as `…870`): where its exact
 * value and its shortest form disagree, it passes, not judged in full.
 */
export const multipleOfKeyword: KeywordJudge = {
  kinds: JsonKind.number | JsonKind.integer,
  build({ multipleOf }): Judge | undefined {
    if (multipleOf === undefined) return undefined;
    const wholeDivisor = Number.isSafeInteger(multipleOf);
    const divisor = decimalOf(multipleOf);
    return (value, run) => {
      const number = value as number;
      if (wholeDivisor && Number.isSafeInteger(number)) {
        if (number % multipleOf === 0) return value;
      } else {
        const multiple = isMultiple(decimalOf(number), divisor);
        if (Number.isInteger(number) && !Number.isSafeInteger(number)) {
          const exactly = isMultiple({ digits: BigInt(number), exponent: 0 }, divisor);
          if (exactly !== multiple) {
            run.complete = false;
            return value;
          }
        }
        if (multiple) return value;
      }
      return refuse(run, () => ({
        code: 'multiple-of',
        expected: `a multiple of ${multipleOf}`,
        received: String(value),
      }));
    };
  },
};

type Decimal = { readonly digits: bigint; readonly exponent: number };

/**
 * Whether `dividend` is a multiple of `divisor`, both whole digits times a power of ten, divided
 * exactly. For a double's shortest form that power lies between -324 and 308, so the whole
 * numbers stay below 10^650.
 */
function isMultiple(dividend: Decimal, divisor: Decimal): boolean {
  const shift = BigInt(dividend.exponent - divisor.exponent);
  return (
    (dividend.digits * 10n ** (shift > 0n ? shift : 0n)) %
      (divisor.digits * 10n ** (shift < 0n ? -shift : 0n)) ===
    0n
  );
}

/** `number` as whole digits times a power of ten, read from its shortest decimal form. */
function decimalOf(number: number): Decimal {
  const [significand = '', power = '0'] = String(Math.abs(number)).split('e');
  const [whole = '', fraction = ''] = significand.split('.');
  return { digits: BigInt(whole + fraction), exponent: Number(power) - fraction.length };
}
