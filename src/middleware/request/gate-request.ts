import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { asSchema, type FlexibleSchema, type ToolSet } from 'ai';
import { type DecodePlan, emptyDecodePlan } from '../../decode/decode-plan.ts';
import {
  nonStrictProfile,
  openaiProfile,
  profileForProvider,
  resolveProfile,
  type StrictProfile,
} from '../../decode/provider-profiles.ts';
import { hasStrictBudget, overStrictBudget } from '../../decode/strict-budget.ts';
import {
  areUnchanged,
  isSealed,
  isUnchanged,
  toStrictSchemaCached,
  watchedArraysOf,
} from '../../decode/strict-schema-cache.ts';
import { stripKeywords } from '../../decode/strip-keywords.ts';
import type { StrictSchemaResult } from '../../decode/to-strict-schema.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import { GateWiringError } from '../gate-wiring-error.ts';
import type { ToolGateOptions } from '../options/gate-options.ts';
import { perToolOption } from '../options/per-tool-option.ts';
import { applyOverrides } from '../options/tool-overrides.ts';
import { validateToolOptions } from '../options/validate-gate-options.ts';
import { restoreRefusals } from '../refusals/restore-refusals.ts';
import type { OwnedSchemas, OwnedTool } from '../tools/owned-schemas.ts';
import { hideFixedValues } from './hide-fixed-values.ts';

type SentTool = NonNullable<LanguageModelV4CallOptions['tools']>[number];

/** What the gate knows of one tool for one request. */
export type GatedToolPlan = {
  /** The schema calls are judged against: the one offered, with overrides applied. */
  readonly judged: unknown;
  /** Where strict conversion added null placeholders (empty when not converted). */
  readonly plan: DecodePlan;
  /** Parameters the app fixed, handed to the tool whatever the model sent. */
  readonly fixedValues: ReadonlyMap<string, unknown>;
  /** The app's own tool, for its validator. */
  readonly tool: ToolSet[string] | undefined;
  /**
   * Whether the SDK validates this tool's calls through the gate (a wrapped function tool), so a
   * call can be handed on as a reference to its verdict. Provider-defined tools carry no schema
   * the gate could recognise.
   */
  readonly wrapped: boolean;
};

/** Everything the gate needs between a request leaving and its answer coming back. */
export type GateRequest = {
  readonly tools: ReadonlyMap<string, GatedToolPlan>;
  /** The names of `tools`, listed once for every turn judged against them. */
  readonly toolNames: readonly string[];
  readonly warnings: readonly SharedV4Warning[];
};

/** The params to send and the request's context, which lives only as long as those params. */
export type PreparedGateRequest = {
  readonly params: LanguageModelV4CallOptions;
  readonly request: GateRequest;
};

type PrepareGateRequestOptions<TOOLS extends ToolSet> = {
  params: LanguageModelV4CallOptions;
  model: LanguageModelV4;
  options: ToolGateOptions<TOOLS>;
  /** The schema objects of the tools this gate wrapped. */
  owned: OwnedSchemas;
  /** This gate's last preparation of a tool list, which the request may offer again. */
  last: { current: LastPreparation | undefined };
};

/**
 * What a gate prepared for the tools of its last request: the next step of a loop offers the
 * same tools again (new objects the SDK makes per step, of the same tools), and is sent what was
 * worked out for them. Everything in it is derived from those tools and the gate's options, never
 * from one request, so any request offering the same tools may take it.
 */
export type LastPreparation = {
  readonly provider: string;
  /** What the preparation read of each tool offered, all function tools. */
  readonly offered: readonly OfferedTool[];
  readonly sending: readonly Sending[];
  /** The arrays of the strict schemas sent, checked before they are sent again. */
  readonly watchedArrays: readonly unknown[];
  readonly request: GateRequest;
};

type OfferedTool = {
  readonly name: string;
  readonly inputSchema: unknown;
  readonly strict: boolean | undefined;
};

/**
 * How one offered tool is sent: as it is, or with another schema and `strict` set (`true`), left
 * out (`false`: the gate sends it without strict mode) or as offered (`undefined`).
 */
type Sending = { readonly inputSchema: unknown; readonly strict: boolean | undefined } | undefined;

/**
 * Prepares one request: converts each function tool's schema for a strict provider, records the
 * plans, and restores earlier refused calls in the prompt. Synchronous unless a provider-defined
 * tool's app schema has to be awaited, so a request of function tools waits on no promise here.
 */
export function prepareGateRequest<TOOLS extends ToolSet>(
  prepare: PrepareGateRequestOptions<TOOLS>,
): PreparedGateRequest | Promise<PreparedGateRequest> {
  const last = prepare.last.current;
  if (last !== undefined && offersTheSameTools(last, prepare.params, prepare.model.provider)) {
    return {
      params: sentParams(prepare.params, last.sending, last.request),
      request: withOwnWarnings(last.request),
    };
  }
  // One lookup per tool: what each function tool is, or that the gate did not wrap it. A wiring
  // mistake is reported before any app schema is read, so a schema that fails or never settles
  // cannot hide it.
  const ownedTools: Array<OwnedTool | undefined> = [];
  const unwrapped: string[] = [];
  for (const tool of prepare.params.tools ?? []) {
    // A wrapped provider-defined tool (one the app runs) is known by its `args`, an object the
    // gate owns as it owns a function tool's schema.
    const ownedTool = ownedToolOf(
      prepare.owned,
      tool.type === 'function' ? tool.inputSchema : tool.args,
    );
    if (tool.type === 'function' && ownedTool === undefined) unwrapped.push(tool.name);
    ownedTools.push(ownedTool);
  }
  if (unwrapped.length > 0) throw new GateWiringError({ toolNames: unwrapped });
  const appTools = (prepare.options.tools ?? {}) as ToolSet;
  const providerSchemas = new Map<string, unknown>();
  let pending = false;
  for (const [index, tool] of (prepare.params.tools ?? []).entries()) {
    if (tool.type === 'function') continue;
    const appTool =
      ownedTools[index]?.tool ??
      (Object.hasOwn(appTools, tool.name) ? appTools[tool.name] : undefined);
    if (appTool === undefined) continue;
    const schema = asSchema(appTool.inputSchema as FlexibleSchema<unknown>).jsonSchema;
    pending ||= isPromiseLike(schema);
    providerSchemas.set(tool.name, schema);
  }
  if (!pending) return prepareWithSchemas(prepare, ownedTools, providerSchemas);
  const names = [...providerSchemas.keys()];
  return Promise.all(providerSchemas.values()).then((schemas) =>
    prepareWithSchemas(
      prepare,
      ownedTools,
      new Map(names.map((name, index) => [name, schemas[index]])),
    ),
  );
}

function prepareWithSchemas<TOOLS extends ToolSet>(
  { params, model, options, last }: PrepareGateRequestOptions<TOOLS>,
  /**
   * What each of the request's tools is (by its place): the gate's record of a function tool or
   * of a wrapped provider-defined tool the app runs; `undefined` for any other provider-defined one.
   */
  ownedTools: ReadonlyArray<OwnedTool | undefined>,
  /** The app's schema of each provider-defined tool, by name. */
  providerSchemas: ReadonlyMap<string, unknown>,
): PreparedGateRequest {
  const requestTools = params.tools ?? [];
  const profile = chooseProfile(options, model.provider);
  const warnings: SharedV4Warning[] = [];
  const tools = new Map<string, GatedToolPlan>();
  const appTools = (options.tools ?? {}) as ToolSet;
  let anyNotStrict = false;
  let anyProviderDefined = false;

  // Per tool, what is offered (the tool with overrides applied) and its strict schema, if any.
  const offeredTools: SentTool[] = [];
  const strictSchemas: unknown[] = [];
  /** Whether conversion found the tool's schema cannot be strict. */
  const notConvertible: boolean[] = [];
  const conversions: StrictSchemaResult[] = [];
  for (let index = 0; index < requestTools.length; index++) {
    const tool = requestTools[index] as SentTool;
    const appTool = Object.hasOwn(appTools, tool.name) ? appTools[tool.name] : undefined;
    const overrides = perToolOption(options.overrides, tool.name);
    if (tool.type !== 'function') {
      // Provider-defined tools: the provider owns the schema; the app's tool object still has it.
      const schema = providerSchemas.get(tool.name);
      validateToolOptions({ options, toolName: tool.name, schema });
      const { judged, fixedValues } = applyOverrides(schema, overrides);
      const ownedTool = ownedTools[index];
      tools.set(tool.name, {
        judged,
        plan: emptyDecodePlan,
        fixedValues,
        tool: ownedTool?.tool ?? appTool,
        wrapped: ownedTool !== undefined,
      });
      offeredTools.push(tool);
      strictSchemas.push(undefined);
      notConvertible.push(false);
      anyProviderDefined = true;
      continue;
    }
    // Every function tool has its record: a request with any other was refused before this.
    const ownedTool = ownedTools[index] as OwnedTool;
    // The gate reads the schema from its private copy; the object in the request is only sent.
    const source = ownedTool.schema;
    validateToolOptions({ options, toolName: tool.name, schema: source });
    let offeredTool = tool;
    let converted: unknown = source;
    let judged: unknown = source;
    let fixedValues = noFixedValues;
    if (overrides !== undefined) {
      const overridden = applyOverrides(source, overrides);
      judged = overridden.judged;
      fixedValues = overridden.fixedValues;
      converted = overridden.offered;
      if (overridden.offered !== source) {
        // Sent as offered, it is the request's schema with the overrides, never the private copy.
        const sent = applyOverrides(tool.inputSchema, overrides).offered;
        offeredTool = { ...tool, inputSchema: sent as typeof tool.inputSchema };
      }
    }
    const conversion =
      !profile.strictTools || tool.strict === false
        ? undefined
        : convertForStrict({
            schema: converted,
            toolName: tool.name,
            profile,
            defaults: perToolOption(options.defaults, tool.name),
            ownedTool: offeredTool === tool ? ownedTool : undefined,
          });
    tools.set(tool.name, {
      judged,
      plan: conversion?.strict === true ? conversion.plan : emptyDecodePlan,
      fixedValues,
      tool: ownedTool.tool,
      wrapped: true,
    });
    offeredTools.push(offeredTool);
    strictSchemas.push(conversion?.strict === true ? conversion.schema : undefined);
    if (conversion?.strict === true) conversions.push(conversion);
    notConvertible.push(conversion !== undefined && !conversion.strict);
    // A tool the app keeps non-strict counts too where strict values may not be mixed.
    if (profile.strictTools && tool.strict === false) anyNotStrict = true;
    if (conversion !== undefined && !conversion.strict) {
      anyNotStrict = true;
      warnings.push({
        type: 'other',
        message: `toolgate: tool "${tool.name}" is sent without strict mode: ${conversion.reason}.`,
      });
    }
  }

  // Per-request budgets (Anthropic): the costliest tools go without strict, their schema as converted.
  const overBudget = hasStrictBudget(profile)
    ? new Set(overStrictBudget(strictToolsOf(offeredTools, strictSchemas), profile))
    : noToolNames;
  if (overBudget.size > 0) {
    anyNotStrict = true;
    warnings.push({
      type: 'other',
      message: `toolgate: ${profile.name} takes fewer strict tools, optional or union-typed parameters in one request, so ${[...overBudget].map((name) => `"${name}"`).join(', ')} ${overBudget.size === 1 ? 'is' : 'are'} sent without strict mode.`,
    });
  }

  // Some providers (Cerebras) refuse a request whose tools mix strict values.
  const allNonStrict = anyNotStrict && !profile.mixedStrict;
  if (allNonStrict) {
    warnings.push({
      type: 'other',
      message: `toolgate: ${profile.name} does not accept strict and non-strict tools together, so no tool is sent strict.`,
    });
  }
  const sending: Sending[] = [];
  for (let index = 0; index < offeredTools.length; index++) {
    const tool = offeredTools[index] as SentTool;
    const strictSchema = strictSchemas[index];
    if (tool.type !== 'function' || strictSchema === undefined || allNonStrict) {
      const gated = tools.get(tool.name);
      if (gated !== undefined && allNonStrict) {
        tools.set(tool.name, { ...gated, plan: emptyDecodePlan });
      }
      const sent = withoutStrippedKeywords(tool, profile);
      // Sent without strict mode by the gate's choice (a warning says so): the app's own
      // `strict: true` is left out too.
      const leftOut =
        sent.type === 'function' &&
        sent.strict === true &&
        (allNonStrict || notConvertible[index] === true);
      sending.push(
        sent.type !== 'function' || (sent === requestTools[index] && !leftOut)
          ? undefined
          : { inputSchema: sent.inputSchema, strict: leftOut ? false : undefined },
      );
    } else {
      sending.push({ inputSchema: strictSchema, strict: !overBudget.has(tool.name) });
    }
  }

  const request: GateRequest = { tools, toolNames: [...tools.keys()], warnings };
  // Provider-defined tools are judged by their app schema, which is not among the tools offered.
  // A conversion made for this request alone (a schema's first sighting) is not handed to others.
  if (requestTools.length > 0 && !anyProviderDefined && conversions.every(isSealed)) {
    last.current = {
      provider: model.provider,
      offered: requestTools.map((tool) => ({
        name: tool.name,
        inputSchema: tool.type === 'function' ? tool.inputSchema : undefined,
        strict: tool.type === 'function' ? tool.strict : undefined,
      })),
      sending,
      watchedArrays: watchedArraysOf(conversions),
      request,
    };
  }
  return { params: sentParams(params, sending, request), request: withOwnWarnings(request) };
}

/**
 * The request with warnings of its own: they reach the app in each step's result, where it may
 * edit them in place, and a kept preparation is handed out again to later requests.
 */
function withOwnWarnings(request: GateRequest): GateRequest {
  if (request.warnings.length === 0) return request;
  return { ...request, warnings: request.warnings.map((warning) => ({ ...warning })) };
}

/** The params to send: each tool as worked out, and the prompt with earlier refusals restored. */
function sentParams(
  params: LanguageModelV4CallOptions,
  sending: readonly Sending[],
  request: GateRequest,
): LanguageModelV4CallOptions {
  const prompt = hideFixedValues(restoreRefusals(params.prompt), (toolName) => [
    ...(request.tools.get(toolName)?.fixedValues.keys() ?? []),
  ]);
  const offered = params.tools;
  if (offered === undefined) return { ...params, prompt };
  const tools: SentTool[] = [];
  for (let index = 0; index < offered.length; index++) {
    const tool = offered[index] as SentTool;
    const how = sending[index];
    if (how === undefined || tool.type !== 'function') {
      tools.push(tool);
      continue;
    }
    const inputSchema = how.inputSchema as typeof tool.inputSchema;
    if (how.strict === true) {
      tools.push({ ...tool, inputSchema, strict: true });
    } else if (how.strict === false) {
      const { strict: _leftOut, ...rest } = tool;
      tools.push({ ...rest, inputSchema });
    } else {
      tools.push({ ...tool, inputSchema });
    }
  }
  return { ...params, prompt, tools };
}

/**
 * Whether a request offers the tools of the last preparation again: the same provider, and in the
 * same order tools of the same kind, name, schema (the same object the gate owns) and `strict`,
 * which is all a preparation reads of a tool (the rest is sent as the request has it); and no
 * strict schema sent for them changed since.
 */
function offersTheSameTools(
  last: LastPreparation,
  params: LanguageModelV4CallOptions,
  provider: string,
): boolean {
  const offered = params.tools;
  if (provider !== last.provider || offered?.length !== last.offered.length) return false;
  for (let index = 0; index < offered.length; index++) {
    const tool = offered[index] as SentTool;
    const before = last.offered[index] as OfferedTool;
    if (
      tool.type !== 'function' ||
      tool.name !== before.name ||
      tool.inputSchema !== before.inputSchema ||
      tool.strict !== before.strict
    ) {
      return false;
    }
  }
  return areUnchanged(last.watchedArrays);
}

/**
 * The strict conversion of a tool's schema; a wrapped tool's own schema keeps its last one, so the
 * steps of a request find it without a cache lookup.
 */
function convertForStrict({
  schema,
  toolName,
  profile,
  defaults,
  ownedTool,
}: {
  schema: unknown;
  toolName: string;
  profile: StrictProfile;
  defaults: Readonly<Record<string, unknown>> | undefined;
  ownedTool: OwnedTool | undefined;
}): StrictSchemaResult {
  const last = ownedTool?.lastConversion;
  if (
    last !== undefined &&
    last.profile === profile &&
    last.defaults === defaults &&
    isUnchanged(last.result)
  ) {
    return last.result;
  }
  const result = toStrictSchemaCached(schema, { toolName, profile, defaults });
  // Only a sealed result is shared: one made for this request alone is not kept past it.
  if (ownedTool !== undefined && isSealed(result)) {
    ownedTool.lastConversion = { profile, defaults, result };
  }
  return result;
}

const noFixedValues: ReadonlyMap<string, unknown> = new Map();
const noToolNames: ReadonlySet<string> = new Set();

function ownedToolOf(owned: OwnedSchemas, schema: unknown): OwnedTool | undefined {
  return typeof schema === 'object' && schema !== null ? owned.get(schema) : undefined;
}

function strictToolsOf(
  tools: readonly SentTool[],
  strictSchemas: readonly unknown[],
): Array<{ name: string; schema: unknown }> {
  const strictTools: Array<{ name: string; schema: unknown }> = [];
  for (const [index, tool] of tools.entries()) {
    const schema = strictSchemas[index];
    if (schema !== undefined) strictTools.push({ name: tool.name, schema });
  }
  return strictTools;
}

/** Keywords the provider fails on (Mistral: `$schema`, `$id`) leave even a non-strict tool. */
function withoutStrippedKeywords(tool: SentTool, profile: StrictProfile): SentTool {
  if (tool.type !== 'function' || profile.stripKeywords === undefined) return tool;
  const inputSchema = stripKeywords(tool.inputSchema, { keywords: profile.stripKeywords });
  return inputSchema === tool.inputSchema
    ? tool
    : { ...tool, inputSchema: inputSchema as typeof tool.inputSchema };
}

function chooseProfile<TOOLS extends ToolSet>(
  { strict = 'auto', profiles }: ToolGateOptions<TOOLS>,
  providerId: string,
): StrictProfile {
  if (strict === 'auto') {
    const resolved =
      profiles === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(profiles).map(([id, profile]) => [id, resolveProfile(profile)]),
          );
    return profileForProvider(providerId, resolved);
  }
  if (strict === true) return openaiProfile;
  if (strict === false) return nonStrictProfile;
  return resolveProfile(strict);
}
