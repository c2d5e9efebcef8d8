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
import { areUnchanged, isSealed, watchedArraysOf } from '../../decode/strict-schema-cache.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import { GateWiringError } from '../gate-wiring-error.ts';
import type { ToolGateOptions } from '../options/gate-options.ts';
import { restoreRefusals } from '../refusals/restore-refusals.ts';
import type { OwnedSchemas, OwnedTool } from '../tools/owned-schemas.ts';
import { applyAllOrNothing } from './apply-all-or-nothing.ts';
import { applyStrictBudget } from './apply-strict-budget.ts';
import { hideFixedValues } from './hide-fixed-values.ts';
import {
  prepareTool,
  refusedConversionWarning,
  type SentTool,
  type ToolRecord,
} from './prepare-tool.ts';
import { type Sending, sendingOf } from './render-tools.ts';

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

/**
 * One record per tool offered ({@link prepareTool}), then each provider policy over the records
 * (per-request strict budgets, then all-or-nothing strict), then the params rendered from them.
 */
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
  const prepared = requestTools.map((tool, index) =>
    prepareTool({
      tool,
      ownedTool: ownedTools[index],
      providerSchema: providerSchemas.get(tool.name),
      options,
      profile,
    }),
  );
  const budgeted = applyStrictBudget(prepared, profile);
  const final = applyAllOrNothing(budgeted.records, profile);
  const warnings = [
    ...prepared.flatMap(refusedConversionWarning),
    ...budgeted.warnings,
    ...final.warnings,
  ];
  const tools = new Map<string, GatedToolPlan>();
  for (const record of final.records) tools.set(record.offered.name, gatedToolOf(record));
  const sending = sendingOf(final.records, profile);
  const request: GateRequest = { tools, toolNames: [...tools.keys()], warnings };
  const conversions = final.records.flatMap(({ conversion }) =>
    conversion.kind === 'converted' ? [conversion.result] : [],
  );
  // Provider-defined tools are judged by their app schema, which is not among the tools offered.
  // A conversion made for this request alone (a schema's first sighting) is not handed to others.
  if (
    requestTools.length > 0 &&
    requestTools.every((tool) => tool.type === 'function') &&
    conversions.every(isSealed)
  ) {
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

/** What the gate keeps of a tool's record for judging its calls. */
function gatedToolOf(record: ToolRecord): GatedToolPlan {
  const { conversion, sending } = record;
  return {
    judged: record.judged,
    plan:
      conversion.kind === 'converted' && sending !== 'as-offered'
        ? conversion.result.plan
        : emptyDecodePlan,
    fixedValues: record.fixedValues,
    tool: record.tool,
    wrapped: record.wrapped,
  };
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

function ownedToolOf(owned: OwnedSchemas, schema: unknown): OwnedTool | undefined {
  return typeof schema === 'object' && schema !== null ? owned.get(schema) : undefined;
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
