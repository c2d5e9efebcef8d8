import { JsonKind, type JsonKindSet } from '../schema/json-kind.ts';

const integerText = /^[-+]?\d+(?:\.0*)?$/;
// `\d+(?:\.\d*)?`, not `\d+\.?\d*`: the latter backtracks quadratically on a long run of digits.
const numberText = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const booleanText = /^(?:true|false)$/i;

/**
 * The value in its declared form, when a value of the wrong JSON type is one a tool commonly reads
 * after a cast: `"5"` or `"5.0"` → `5` for an integer, `"2.5"` → `2.5` for a number, `42` → `"42"`
 * for text, `"true"`/`"false"`/`1`/`0` → a boolean. `undefined` for anything else (`"abc"` or `5.5`
 * for an integer, `2` for a boolean, `true` for text, numbers JSON cannot carry).
 *
 * Casts are tried in this order: integer, number, boolean for text; text, boolean for numbers.
 */
export function castToDeclared(value: unknown, declared: JsonKindSet): unknown {
  switch (typeof value) {
    case 'string': {
      if (value.length > 64) return undefined;
      const text = value.trim();
      if ((declared & JsonKind.integer) !== 0 && integerText.test(text)) return Number(text);
      if ((declared & JsonKind.number) !== 0 && isNumberText(text)) return Number(text);
      if ((declared & JsonKind.boolean) !== 0 && booleanText.test(text)) {
        return text.toLowerCase() === 'true';
      }
      return undefined;
    }
    case 'number':
      if (value - value !== 0) return undefined;
      if ((declared & JsonKind.string) !== 0) return String(value);
      if ((declared & JsonKind.boolean) !== 0 && (value === 0 || value === 1)) return value === 1;
      return undefined;
    default:
      return undefined;
  }
}

/** Whether {@link castToDeclared} has a declared form for the value. */
export function isLenientCast(value: unknown, declared: JsonKindSet): boolean {
  return castToDeclared(value, declared) !== undefined;
}

/** Whether a text spells a finite number, as a tool's `Number(text)` would read it. */
export function isNumberText(text: string): boolean {
  return numberText.test(text) && Number.isFinite(Number(text));
}
