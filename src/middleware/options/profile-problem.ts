import { nearestName } from '../../checker/nearest-name.ts';
import type { StrictProfile } from '../../decode/provider-profiles.ts';

type FieldRule = {
  readonly required: boolean;
  readonly expected: string;
  readonly fits: (value: unknown) => boolean;
};

const isBoolean = (value: unknown) => typeof value === 'boolean';
const isLimit = (value: unknown) =>
  typeof value === 'number' &&
  value >= 0 &&
  (Number.isInteger(value) || value === Number.POSITIVE_INFINITY);
const isNameList = (value: unknown) =>
  Array.isArray(value) && value.every((member) => typeof member === 'string');

const boolean = { expected: 'true or false', fits: isBoolean };
const limit = { expected: 'a whole number of at least 0 (or Infinity)', fits: isLimit };
const names = { expected: 'a list of strings', fits: isNameList };

/** Every field of {@link StrictProfile}, as the conversion reads it. */
const fieldRules: Readonly<Record<keyof StrictProfile, FieldRule>> = {
  name: { required: true, expected: 'a string', fits: (value) => typeof value === 'string' },
  strictTools: { required: true, ...boolean },
  nullable: {
    required: true,
    expected: "'type-list' or 'any-of'",
    fits: (value) => value === 'type-list' || value === 'any-of',
  },
  mixedStrict: { required: true, ...boolean },
  keywords: { required: true, ...names },
  formats: { required: true, ...names },
  maxObjectDepth: { required: true, ...limit },
  maxProperties: { required: true, ...limit },
  maxEnumValues: { required: true, ...limit },
  optionalStaysOptional: { required: false, ...boolean },
  stripKeywords: { required: false, ...names },
  maxStrictTools: { required: false, ...limit },
  maxOptionalParameters: { required: false, ...limit },
  maxUnionParameters: { required: false, ...limit },
  maxSchemaStringLength: { required: true, ...limit },
  largeEnumSize: { required: true, ...limit },
  maxLargeEnumStringLength: { required: true, ...limit },
  maxAnyOfBranches: { required: false, ...limit },
  recursion: { required: true, ...boolean },
  untypedValues: {
    required: true,
    expected: "'json-kinds' or 'json-text'",
    fits: (value) => value === 'json-kinds' || value === 'json-text',
  },
};

const fieldNames = Object.keys(fieldRules);

/**
 * What keeps a value from being a usable {@link StrictProfile}, as a phrase (`"maxProperties"
 * must be a whole number of at least 0 (or Infinity)`), or `undefined` when it is one. A profile
 * object is read field by field when a schema is converted, so a field missing or of another
 * kind would fail a request long after the gate was built; a profile is best made by spreading a
 * built-in one (`{ ...openaiProfile, maxProperties: 100 }`).
 */
export function findProfileProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'a profile must be an object';
  }
  const fields = value as Record<string, unknown>;
  for (const [field, rule] of Object.entries(fieldRules)) {
    const member = fields[field];
    if (member === undefined) {
      if (rule.required) return `"${field}" is missing (${rule.expected})`;
    } else if (!rule.fits(member)) {
      return `"${field}" must be ${rule.expected}`;
    }
  }
  // A misspelt field would leave the spread profile's own value in force, unnoticed.
  for (const field of Object.keys(fields)) {
    if (Object.hasOwn(fieldRules, field)) continue;
    const nearest = nearestName(field, fieldNames);
    return `"${field}" is no profile field${nearest === undefined ? '' : `; did you mean "${nearest}"?`}`;
  }
  return undefined;
}
