import type { LanguageModelV4CallOptions, SharedV4Warning } from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import type { StrictProfile } from '../../decode/provider-profiles.ts';
import { storedStrictSchema } from '../../decode/stored-strict-schema.ts';
import type { StrictSchemaResult } from '../../decode/to-strict-schema.ts';
import type { PreparedStore, StoreScope } from '../../store/prepared-store.ts';
import type { ToolGateOptions } from '../options/gate-options.ts';
import { perToolOption } from '../options/per-tool-option.ts';
import { applyOverrides } from '../options/tool-overrides.ts';
import { validateToolOptions } from '../options/validate-tool-options.ts';
import type { OwnedTool } from '../tools/owned-schemas.ts';

/** One tool of a request, as the provider's API takes it. */
export type SentTool = NonNullable<LanguageModelV4CallOptions['tools']>[number];

/** A strict conversion that succeeded. */
export type StrictConversionResult = Extract<StrictSchemaResult, { strict: true }>;

/** Whether a tool's schema was converted for strict mode, and if not, why. */
export type StrictConversion =
  | {
      readonly kind: 'not-tried';
      /**
       * `'provider-defined'`: the provider owns the schema; `'profile'`: the provider takes no
       * strict tools; `'app'`: the app keeps the tool non-strict (`strict: false`).
       */
      readonly because: 'provider-defined' | 'profile' | 'app';
    }
  | { readonly kind: 'converted'; readonly result: StrictConversionResult }
  | { readonly kind: 'refused'; readonly reason: string };

/**
 * How a tool is sent: `'strict'` with its strict schema and `strict: true`; `'converted'` with its
 * strict schema but without strict mode (a provider budget left it out); `'as-offered'` with the
 * schema offered.
 */
export type ToolSending = 'strict' | 'converted' | 'as-offered';

/** What preparing a request knows of one tool it offers. */
export type ToolRecord = {
  /** The tool as the request has it. */
  readonly requested: SentTool;
  /** The tool offered to the model: the request's, with the app's overrides applied. */
  readonly offered: SentTool;
  /** The schema calls are judged against: the one offered, with overrides applied. */
  readonly judged: unknown;
  /** Parameters the app fixed, handed to the tool whatever the model sent. */
  readonly fixedValues: ReadonlyMap<string, unknown>;
  /** The app's own tool, for its validator. */
  readonly tool: ToolSet[string] | undefined;
  /** Whether the SDK validates this tool's calls through the gate (a wrapped tool). */
  readonly wrapped: boolean;
  readonly conversion: StrictConversion;
  readonly sending: ToolSending;
};

/** The records after a provider policy, and the warnings that policy adds. */
export type PolicyResult = {
  readonly records: readonly ToolRecord[];
  readonly warnings: readonly SharedV4Warning[];
};

type PrepareToolOptions<TOOLS extends ToolSet> = {
  tool: SentTool;
  /** The gate's record of the tool: a function tool's, or a wrapped provider-defined tool's. */
  ownedTool: OwnedTool | undefined;
  /** The app's schema of a provider-defined tool. */
  providerSchema: unknown;
  options: ToolGateOptions<TOOLS>;
  profile: StrictProfile;
  /** Where strict conversions are kept, found by content. */
  store: PreparedStore;
  /** The store scope of `profile` without defaults (see `strictScopeOf`), read once per request. */
  scope?: StoreScope<StrictSchemaResult> | undefined;
};

/**
 * The record of one offered tool: its overrides applied, its options checked, and its schema
 * converted for a strict profile. Throws on an option that does not fit the tool's schema.
 */
export function prepareTool<TOOLS extends ToolSet>({
  tool,
  ownedTool,
  providerSchema,
  options,
  profile,
  store,
  scope,
}: PrepareToolOptions<TOOLS>): ToolRecord {
  const appTools = (options.tools ?? {}) as ToolSet;
  const appTool = Object.hasOwn(appTools, tool.name) ? appTools[tool.name] : undefined;
  const overrides = perToolOption(options.overrides, tool.name);
  if (tool.type !== 'function') {
    // Provider-defined tools: the provider owns the schema; the app's tool object still has it.
    validateToolOptions({ options, toolName: tool.name, schema: providerSchema });
    const { judged, fixedValues } = applyOverrides(providerSchema, overrides);
    return {
      requested: tool,
      offered: tool,
      judged,
      fixedValues,
      tool: ownedTool?.tool ?? appTool,
      wrapped: ownedTool !== undefined,
      conversion: notTriedProviderDefined,
      sending: 'as-offered',
    };
  }
  // Every function tool has its record: a request with any other was refused before this.
  const owned = ownedTool as OwnedTool;
  // The gate reads the schema from its private copy; the object in the request is only sent.
  const source = owned.schema;
  validateToolOptions({ options, toolName: tool.name, schema: source });
  let offered = tool;
  let converted: unknown = source;
  let judged: unknown = source;
  let fixedValues = noFixedValues;
  if (overrides !== undefined) {
    const overridden = applyOverrides(source, overrides);
    // Kept as the store's own copy, so each call finds what was prepared from it by identity.
    judged = store.keep(overridden.judged) ?? overridden.judged;
    fixedValues = overridden.fixedValues;
    converted = overridden.offered;
    if (overridden.offered !== source) {
      // Sent as offered, it is the request's schema with the overrides, never the private copy.
      const sent = applyOverrides(tool.inputSchema, overrides).offered;
      offered = { ...tool, inputSchema: sent as typeof tool.inputSchema };
    }
  }
  const record = { requested: tool, offered, judged, fixedValues, tool: owned.tool, wrapped: true };
  if (!profile.strictTools)
    return { ...record, conversion: notTriedByProfile, sending: 'as-offered' };
  if (tool.strict === false) return { ...record, conversion: notTriedByApp, sending: 'as-offered' };
  const defaults = perToolOption(options.defaults, tool.name);
  const result = storedStrictSchema(converted, {
    profile,
    defaults,
    store,
    ...(defaults === undefined ? { scope } : {}),
  });
  return result.strict
    ? { ...record, conversion: { kind: 'converted', result }, sending: 'strict' }
    : { ...record, conversion: { kind: 'refused', reason: result.reason }, sending: 'as-offered' };
}

/** The warning for a tool whose schema cannot be strict, if it is one. */
export function refusedConversionWarning(record: ToolRecord): SharedV4Warning[] {
  if (record.conversion.kind !== 'refused') return [];
  return [
    {
      type: 'other',
      message: `toolgate: tool "${record.offered.name}" is sent without strict mode: ${record.conversion.reason}.`,
    },
  ];
}

const noFixedValues: ReadonlyMap<string, unknown> = new Map();
const notTriedProviderDefined: StrictConversion = {
  kind: 'not-tried',
  because: 'provider-defined',
};
const notTriedByProfile: StrictConversion = { kind: 'not-tried', because: 'profile' };
const notTriedByApp: StrictConversion = { kind: 'not-tried', because: 'app' };
