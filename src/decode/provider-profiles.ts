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
  /**
   * Whether an optional property stays optional in strict mode (Anthropic, xAI): then nothing
   * becomes nullable and no placeholder is decoded. Default `false` (every property required).
   */
  readonly optionalStaysOptional?: boolean;
  /**
   * Keywords removed from every tool schema sent, strict or not, at every level (Mistral's grammar
   * compiler fails on `$schema` and `$id`).
   */
  readonly stripKeywords?: readonly string[];
  /** Most tools sent strict in one request; past it the costliest tools go without strict. */
  readonly maxStrictTools?: number;
  /** Most optional parameters over all strict tools of one request. */
  readonly maxOptionalParameters?: number;
  /** Most parameters with a union type (`anyOf` or a type list) over all strict tools of one request. */
  readonly maxUnionParameters?: number;
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

const numericAndLengthBounds: ReadonlySet<string> = new Set([
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

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

/**
 * Anthropic strict tool use (`@ai-sdk/anthropic` sends `strict` per tool when the model supports
 * structured outputs): optional properties stay optional, every object closed, an object root;
 * numeric, length and item bounds are refused (moved into the description as hints), formats
 * limited to Anthropic's list. Per request at most 20 strict tools, 24 optional parameters and 16
 * union-typed parameters over all strict tools.
 */
export const anthropicProfile: StrictProfile = {
  name: 'anthropic',
  strictTools: true,
  nullable: 'type-list',
  mixedStrict: true,
  optionalStaysOptional: true,
  keywords: strictKeywords.filter((keyword) => !numericAndLengthBounds.has(keyword)),
  formats: [
    'date-time',
    'time',
    'date',
    'duration',
    'email',
    'hostname',
    'uri',
    'ipv4',
    'ipv6',
    'uuid',
  ],
  maxObjectDepth: 64,
  maxProperties: 5000,
  maxEnumValues: 1000,
  maxSchemaStringLength: openaiProfile.maxSchemaStringLength,
  largeEnumSize: openaiProfile.largeEnumSize,
  maxLargeEnumStringLength: openaiProfile.maxLargeEnumStringLength,
  // Anthropic's strict mode refuses recursive schemas: a part that refers back goes as JSON text.
  recursion: false,
  untypedValues: 'json-text',
  maxStrictTools: 20,
  maxOptionalParameters: 24,
  maxUnionParameters: 16,
};

/**
 * Amazon Bedrock Converse (`amazon-bedrock`): `toolSpec.strict` is Anthropic's strict tool use for
 * Claude, with the same subset and budgets; the SDK drops `strict` for a schema with an open object
 * and for the models that refuse the field.
 */
export const bedrockProfile: StrictProfile = { ...anthropicProfile, name: 'amazon-bedrock' };

/** Claude on Vertex: `@ai-sdk/google-vertex/anthropic` always drops `strict`, so nothing is converted. */
export const vertexAnthropicProfile: StrictProfile = {
  ...nonStrictProfile,
  name: 'vertex-anthropic',
};

/**
 * DeepSeek strict mode (beta base URL): every property required, closed objects, nullable as
 * `anyOf`, no length or item bounds (numeric bounds and patterns are left out too, as sources
 * disagree), `format` only email/hostname/ipv4/ipv6/uuid, and every tool of a request strict or
 * none.
 */
export const deepseekProfile: StrictProfile = {
  ...openaiProfile,
  name: 'deepseek',
  nullable: 'any-of',
  mixedStrict: false,
  keywords: strictKeywords.filter(
    (keyword) => !numericAndLengthBounds.has(keyword) && keyword !== 'pattern',
  ),
  formats: ['email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
  // DeepSeek documents `$ref`/`$defs` but not recursion; like Cerebras, all-or-nothing, so the
  // forms that keep every tool strict are chosen.
  recursion: false,
  untypedValues: 'json-text',
};

/**
 * Mistral: no published strict subset, so schemas are not converted; but its grammar compiler fails
 * on `$schema` and `$id`, which zod schemas carry, so those are always left out.
 */
export const mistralProfile: StrictProfile = {
  ...nonStrictProfile,
  name: 'mistral',
  stripKeywords: ['$schema', '$id'],
};

/**
 * xAI (opt-in; only third-party evidence so far): closed objects, optional stays optional,
 * nullable as `anyOf`.
 */
export const xaiProfile: StrictProfile = {
  ...openaiProfile,
  name: 'xai',
  nullable: 'any-of',
  optionalStaysOptional: true,
};

/**
 * Groq validates every call against the schema on its side (a mismatch is answered
 * `tool_use_failed`), and its strict mode exists for a few models only: schemas are not converted.
 */
export const groqProfile: StrictProfile = { ...nonStrictProfile, name: 'groq' };

/** Cohere: `@ai-sdk/cohere` never sends `strict` (nor `strict_tools`), so nothing is converted. */
export const cohereProfile: StrictProfile = { ...nonStrictProfile, name: 'cohere' };

/** OpenRouter: `@openrouter/ai-sdk-provider` drops `tool.strict`, so nothing is converted. */
export const openrouterProfile: StrictProfile = { ...nonStrictProfile, name: 'openrouter' };

/**
 * vLLM's OpenAI-compatible server (opt-in): OpenAI's strict form; older versions refuse the
 * `strict` field, so it is never chosen by provider id.
 */
export const vllmProfile: StrictProfile = { ...openaiProfile, name: 'vllm' };

/**
 * llama.cpp's server (opt-in): OpenAI's strict form, compiled with every other tool into one
 * grammar, where length bounds above 2,000 break the whole request, so length bounds are left out.
 */
export const llamacppProfile: StrictProfile = { ...openaiProfile, name: 'llamacpp' };

/** The names {@link profileNamed} knows. */
export type ProfileName =
  | 'openai'
  | 'cerebras'
  | 'google'
  | 'none'
  | 'anthropic'
  | 'amazon-bedrock'
  | 'vertex-anthropic'
  | 'deepseek'
  | 'mistral'
  | 'xai'
  | 'groq'
  | 'cohere'
  | 'openrouter'
  | 'vllm'
  | 'llamacpp';

/**
 * Every built-in profile by its name: the one registry that {@link profileNamed}, {@link profileNames}
 * and the `toolgate` command line read, so a profile added here is known everywhere.
 */
export const profilesByName: Readonly<Record<ProfileName, StrictProfile>> = {
  openai: openaiProfile,
  cerebras: cerebrasProfile,
  google: googleProfile,
  none: nonStrictProfile,
  anthropic: anthropicProfile,
  'amazon-bedrock': bedrockProfile,
  'vertex-anthropic': vertexAnthropicProfile,
  deepseek: deepseekProfile,
  mistral: mistralProfile,
  xai: xaiProfile,
  groq: groqProfile,
  cohere: cohereProfile,
  openrouter: openrouterProfile,
  vllm: vllmProfile,
  llamacpp: llamacppProfile,
};

const unknownProfileMarker = 'toolgate.error.UnknownProfileError';
const unknownProfileSymbol = Symbol.for(unknownProfileMarker);

/** Thrown for a profile name that is not one of {@link ProfileName}: a mistake in the caller's code. */
export class UnknownProfileError extends Error {
  readonly [unknownProfileSymbol] = true;
  readonly profileName: string;

  constructor({
    profileName,
    message = `There is no strict profile named "${profileName}"; the profiles are ${Object.keys(
      profilesByName,
    )
      .map((name) => `"${name}"`)
      .join(', ')}.`,
  }: {
    profileName: string;
    message?: string;
  }) {
    super(message);
    this.name = unknownProfileMarker;
    this.profileName = profileName;
  }

  static isInstance(error: unknown): error is UnknownProfileError {
    return typeof error === 'object' && error !== null && unknownProfileSymbol in error;
  }
}

/** Every profile name `profileNamed` knows. */
export const profileNames = Object.keys(profilesByName) as readonly ProfileName[];

/**
 * The built-in profile of that name (`'openai'`, `'anthropic'`, …), so a profile can be named in
 * options and configuration. Throws {@link UnknownProfileError} for any other name.
 *
 * @example
 * import { profileNamed, toStrictSchema } from 'toolgate/decode';
 *
 * const schema = { type: 'object', properties: { city: { type: 'string' } } };
 * const { strict } = toStrictSchema(schema, { profile: profileNamed('anthropic') });
 */
export function profileNamed(name: ProfileName | (string & {})): StrictProfile {
  if (Object.hasOwn(profilesByName, name)) {
    const profile = profilesByName[name as ProfileName];
    if (profile !== undefined) return profile;
  }
  throw new UnknownProfileError({ profileName: name });
}

/** Whether a name is a built-in profile's: the one list the library, its options and the CLI read. */
export function isProfileName(name: string): name is ProfileName {
  return Object.hasOwn(profilesByName, name);
}

/** A profile given as itself or by name, as options accept it. */
export function resolveProfile(profile: StrictProfile | ProfileName): StrictProfile {
  return typeof profile === 'string' ? profileNamed(profile) : profile;
}

/** The AI SDK's `model.provider` ids and the profile each one gets. */
export const profileByProviderId: Readonly<Record<string, StrictProfile>> = {
  'openai.chat': openaiProfile,
  'openai.responses': openaiProfile,
  'azure.chat': openaiProfile,
  'azure.responses': openaiProfile,
  'cerebras.chat': cerebrasProfile,
  'google.generative-ai': googleProfile,
  'google.vertex.chat': googleProfile,
  'anthropic.messages': anthropicProfile,
  'bedrock.anthropic.messages': anthropicProfile,
  'amazon-bedrock': bedrockProfile,
  'googleVertex.anthropic.messages': vertexAnthropicProfile,
  'deepseek.chat': deepseekProfile,
  'azure.deepseek': deepseekProfile,
  'mistral.chat': mistralProfile,
  'mistral.conversation': mistralProfile,
  'groq.chat': groqProfile,
  'cohere.chat': cohereProfile,
  openrouter: openrouterProfile,
  'openrouter.chat': openrouterProfile,
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
