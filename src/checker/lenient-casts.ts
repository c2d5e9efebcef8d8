import { JsonKind, type JsonKindSet } from '../schema/json-kind.ts';

const integerText = /^[-+]?\d+(?:\.0*)?$/;
// `\d+(?:\.\d*)?`, not `\d+\.?\d*`: the latter backtracks quadratically on a long run of digits.
const numberText = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const booleanText = /^(?:true|false)$/i;

/**
 * Whether a value of the wrong JSON type is one a tool commonly reads after a cast: `"5"` or `"5.0"`
 * for an integer, `"2.5"` for a number, a number for text, `"true"`/`"false"`/`1`/`0` for a
 * boolean. Anything else (`"abc"` or `5.5` for an integer, `2` for a boolean, `true` for text) is not.
 */
export function isLenientCast(value: unknown, declared: JsonKindSet): boolean {
  switch (typeof value) {
    case 'string': {
      if (value.length > 64) return false;
      const text = value.trim();
      if ((declared & JsonKind.integer) !== 0 && integerText.test(text)) return true;
      if ((declared & JsonKind.number) !== 0 && isNumberText(text)) return true;
      return (declared & JsonKind.boolean) !== 0 && booleanText.test(text);
    }
    case 'number':
    case 'bigint':
      if ((declared & JsonKind.string) !== 0) return true;
      return (declared & JsonKind.boolean) !== 0 && (Number(value) === 0 || Number(value) === 1);
    default:
      return false;
  }
}

/** Whether a text spells a finite number, as a tool's `Number(text)` would read it. */
export function isNumberText(text: string): boolean {
  return numberText.test(text) && Number.isFinite(Number(text));
}
