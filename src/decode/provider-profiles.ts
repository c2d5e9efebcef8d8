/**
 * What strict tool calling means at one provider: whether toolgate converts schemas there, in which
 * form, and what the provider rejects.
 */
export type StrictProfile = {
  /** A short name for notes and warnings. */
  readonly name: string;
  /** Whether tool schemas are converted and sent with `strict: true`. */
  readonly strictTools: boolean;
  /**
   * How an optional property is made nullable: `'type-list'` writes `type: [T, "null"]` for a
   * primitive (and `anyOf` otherwise); `'any-of'` always writes `anyOf: [S, { type: "null" }]`.
   */
  readonly nullable: 'type-list' | 'any-of';
  /** Whether one request may mix strict and non-strict tools. */
  readonly mixedStrict: boolean;
  /** Keywords the provider accepts in a strict schema; all others are dropped and noted. */
  readonly keywords: readonly string[];
  /** `format` values the provider accepts; others are dropped. */
  readonly formats: readonly string[];
  /** Most levels of nested objects. */
  readonly maxObjectDepth: number;
  /** Most properties in one schema, all levels together. */
  readonly maxProperties: number;
  /** Most enum members in one schema, all enums together (an added `null` counts too). */
  readonly maxEnumValues: number;
  /** Most characters across property names, definition names, and enum and const strings. */
  readonly maxSchemaStringLength: number;
  /** A string enum with more members than this… */
  readonly largeEnumSize: number;
  /** …may have at most this many characters across its members. */
  readonly maxLargeEnumStringLength: number;
  /** Most branches of one `anyOf`; `undefined` for no limit. */
  readonly maxAnyOfBranches?: number;
  /** Whether `$defs` with a `$ref` back to an ancestor (or `#`, the root) may be sent strict. */
  readonly recursion: boolean;
  /**
   * How a value of no declared type (`{}`, `true`, `additionalProperties: true`) is sent:
   * `'json-kinds'` as a union of the JSON kinds (needs {@link StrictProfile.recursion}), objects
   * inside as lists of `{ key, value }` entries; `'json-text'` as a string holding JSON text,
   * parsed back when decoded.
   */
  readonly untypedValues: 'json-kinds' | 'json-text';
};

const strictKeywords = [
  '$schema',
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
] as const;

/**
 * OpenAI Chat and Responses with `strict: true` (OpenAI's documented "supported schemas"): every
 * property required, `additionalProperties: false` everywhere, an object root, a keyword subset,
 * at most 10 levels, 5,000 properties and 1,000 enum values. Mixed strict and non-strict tools are
 * accepted.
 */
export const openaiProfile: StrictProfile = {
  name: 'openai',
  strictTools: true,
  nullable: 'type-list',
  mixedStrict: true,
  keywords: strictKeywords,
  formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
  maxObjectDepth: 10,
  maxProperties: 5000,
  maxEnumValues: 1000,
  maxSchemaStringLength: 120_000,
  largeEnumSize: 250,
  maxLargeEnumStringLength: 15_000,
  recursion: true,
  untypedValues: 'json-kinds',
};

/**
 * Cerebras: OpenAI's rules, but nullable only as `anyOf` (a type list is refused) and a request
 * whose tools mix `strict` values is answered 400, so one tool that cannot be strict makes the
 * whole request non-strict.
 */
export const cerebrasProfile: StrictProfile = {
  ...openaiProfile,
  name: 'cerebras',
  nullable: 'any-of',
  mixedStrict: false,
  // Cerebras documents `$ref`/`$defs` and at most 5 anyOf branches, and says nothing of recursion.
  maxAnyOfBranches: 5,
  recursion: false,
  untypedValues: 'json-text',
};

/**
 * Google Gemini: `@ai-sdk/google` sends the JSON Schema raw as `parametersJsonSchema`, and
 * `strict: true` on a tool only switches the whole request to `VALIDATED` function calling, which
 * needs no conversion. Optional stays optional, so no placeholders; schemas are sent unchanged.
 */
export const googleProfile: StrictProfile = {
  ...openaiProfile,
  name: 'google',
  strictTools: false,
  nullable: 'any-of',
};

/** Providers with no known strict mode: schemas are sent unchanged, calls are still checked. */
export const nonStrictProfile: StrictProfile = {
  ...openaiProfile,
  name: 'none',
  strictTools: false,
};

/** The AI SDK's `model.provider` ids and the profile each one gets. */
export const profileByProviderId: Readonly<Record<string, StrictProfile>> = {
  'openai.chat': openaiProfile,
  'openai.responses': openaiProfile,
  'azure.chat': openaiProfile,
  'azure.responses': openaiProfile,
  openrouter: openaiProfile,
  'openrouter.chat': openaiProfile,
  'cerebras.chat': cerebrasProfile,
  'google.generative-ai': googleProfile,
  'google.vertex.chat': googleProfile,
};

/**
 * The profile for an AI SDK provider id (`model.provider`). Unknown ids, openai-compatible servers
 * among them (their id is the name the app chose), get {@link nonStrictProfile}; pass a profile
 * explicitly to make them strict.
 */
export function profileForProvider(
  providerId: string,
  overrides: Readonly<Record<string, StrictProfile>> = {},
): StrictProfile {
  if (Object.hasOwn(overrides, providerId)) return overrides[providerId] ?? nonStrictProfile;
  if (Object.hasOwn(profileByProviderId, providerId)) {
    return profileByProviderId[providerId] ?? nonStrictProfile;
  }
  return nonStrictProfile;
}
