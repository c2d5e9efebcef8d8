import { describeLiteral } from '../../checker/describe-value.ts';
import { isProfileName, profileNames, type StrictProfile } from '../../decode/provider-profiles.ts';
import { brokenField, didYouMean, type FieldRule } from './option-rules.ts';

const boolean = { expected: 'true or false', fits: (value: unknown) => typeof value === 'boolean' };
const limit = {
  expected: 'a whole number of at least 0 (or Infinity)',
  fits: (value: unknown) =>
    typeof value === 'number' &&
    value >= 0 &&
    (Number.isInteger(value) || value === Number.POSITIVE_INFINITY),
};
const names = {
  expected: 'a list of strings',
  fits: (value: unknown) => Array.isArray(value) && value.every((name) => typeof name === 'string'),
};
const required = { required: true };

/** Every field of {@link StrictProfile}, as the conversion reads it. */
const fieldRules: Readonly<Record<keyof StrictProfile, FieldRule>> = {
  name: { ...required, expected: 'a string', fits: (value) => typeof value === 'string' },
  strictTools: { ...required, ...boolean },
  nullable: {
    ...required,
    expected: "'type-list' or 'any-of'",
    fits: (value) => value === 'type-list' || value === 'any-of',
  },
  mixedStrict: { ...required, ...boolean },
  keywords: { ...required, ...names },
  formats: { ...required, ...names },
  maxObjectDepth: { ...required, ...limit },
  maxProperties: { ...required, ...limit },
  maxEnumValues: { ...required, ...limit },
  optionalStaysOptional: boolean,
  stripKeywords: names,
  maxStrictTools: limit,
  maxOptionalParameters: limit,
  maxUnionParameters: limit,
  maxSchemaStringLength: { ...required, ...limit },
  largeEnumSize: { ...required, ...limit },
  maxLargeEnumStringLength: { ...required, ...limit },
  maxAnyOfBranches: limit,
  recursion: { ...required, ...boolean },
  untypedValues: {
    ...required,
    expected: "'json-kinds' or 'json-text'",
    fits: (value) => value === 'json-kinds' || value === 'json-text',
  },
};

const fieldNames = Object.keys(fieldRules);

/**
 * What keeps a value from being a built-in profile's name or a usable {@link StrictProfile}, as a
 * sentence (`"maxProperties" must be a whole number of at least 0 (or Infinity).`), or `undefined`
 * when it is one. A profile object is read field by field when a schema is converted, so a field
 * missing or of another kind would fail a request long after the gate was built; a profile is best
 * made by spreading a built-in one (`{ ...openaiProfile, maxProperties: 100 }`).
 */
export function findProfileProblem(
  value: unknown,
  /** The names a misspelt one is compared with. */
  names: readonly string[] = profileNames,
): string | undefined {
  if (typeof value === 'string') {
    if (isProfileName(value)) return undefined;
    return `there is no profile named ${describeLiteral(value)}${didYouMean(value, names)}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'a profile must be an object.';
  }
  const fields = value as Record<string, unknown>;
  const broken = brokenField(fields, fieldRules);
  if (broken !== undefined) {
    const { field, rule } = broken;
    return broken.value === undefined
      ? `"${field}" is missing (${rule.expected}).`
      : `"${field}" must be ${rule.expected}.`;
  }
  // A misspelt field would leave the spread profile's own value in force, unnoticed.
  const unknown = Object.keys(fields).find((field) => !Object.hasOwn(fieldRules, field));
  return unknown === undefined
    ? undefined
    : `"${unknown}" is no profile field${didYouMean(unknown, fieldNames)}`;
}
