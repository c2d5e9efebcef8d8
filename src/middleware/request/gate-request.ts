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
import { strictScopeOf } from '../../decode/stored-strict-schema.ts';
import type { StrictSchemaResult } from '../../decode/to-strict-schema.ts';
import { contentKeyOf } from '../../schema/content-key.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import type { PreparedStore, StoreScope } from '../../store/prepared-store.ts';
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
  /** Where the readings of the judged schemas are kept; none: read on every judgement. */
  readonly store?: PreparedStore;
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
  /** Where what is prepared from the tools' schemas is kept. */
  store: PreparedStore;
  /** This gate's last preparation of a tool list, which the request may offer again. */
  last: { current: LastPreparation | undefined };
};

/**
 * What a gate prepared for the tools of its last request: the next step of a loop offers the same
 * wrapped tools again, and is sent what was worked out for them. A preparation reads nothing but
 * the tools' owned objects (made by the gate, each tied for good to a frozen copy of its content),
 * the provider and the settings, so any request offering the same objects in the same order under
 * the same provider and settings may take it.
 */
export type LastPreparation = {
  readonly provider: string;
  readonly settings: string;
  /** What the preparation read of each tool offered, all function tools. */
  readonly offered: readonly OfferedTool[];
  readonly sending: readonly Sending[];
  readonly request: GateRequest;
};

type OfferedTool = {
  readonly name: string;
  readonly inputSchema: unknown;
  readonly strict: boolean | undefined;
};

/**
 * The profile a request is prepared for, with the store scope of its conversions (see
 * `strictScopeOf`) and the content of everything else a preparation reads of the options
 * (`undefined` when any is not plain JSON data: then nothing is reused).
 */
type Settings = {
  readonly profile: StrictProfile;
  readonly scope: StoreScope<StrictSchemaResult> | undefined;
  readonly key: string | undefined;
};

/**
 * Prepares one request: converts each function tool's schema for a strict provider, records the
 * plans, and restores earlier refused calls in the prompt. Synchronous unless a provider-defined
 * tool's app schema has to be awaited, so a request of function tools waits on no promise here.
 */
export function prepareGateRequest<TOOLS extends ToolSet>(
  prepare: PrepareGateRequestOptions<TOOLS>,
): PreparedGateRequest | Promise<PreparedGateRequest> {
  const settings = settingsOf(prepare.options, prepare.model.provider);
  const last = prepare.last.current;
  if (
    last !== undefined &&
    offersTheSameTools(last, prepare.params, prepare.model.provider, settings)
  ) {
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
  if (!pending) return prepareWithSchemas(prepare, settings, ownedTools, providerSchemas);
  const names = [...providerSchemas.keys()];
  return Promise.all(providerSchemas.values()).then((schemas) =>
    prepareWithSchemas(
      prepare,
      settings,
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
  { params, model, options, store, last }: PrepareGateRequestOptions<TOOLS>,
  { profile, scope, key }: Settings,
  /**
   * What each of the request's tools is (by its place): the gate's record of a function tool or
   * of a wrapped provider-defined tool the app runs; `undefined` for any other provider-defined one.
   */
  ownedTools: ReadonlyArray<OwnedTool | undefined>,
  /** The app's schema of each provider-defined tool, by name. */
  providerSchemas: ReadonlyMap<string, unknown>,
): PreparedGateRequest {
  const requestTools = params.tools ?? [];
  const prepared = requestTools.map((tool, index) =>
    prepareTool({
      tool,
      ownedTool: ownedTools[index],
      providerSchema: providerSchemas.get(tool.name),
      options,
      profile,
      store,
      scope,
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
  const request: GateRequest = { tools, toolNames: [...tools.keys()], warnings, store };
  // Provider-defined tools are judged by their app schema, which is not among the tools offered.
  if (
    key !== undefined &&
    requestTools.length > 0 &&
    requestTools.every((tool) => tool.type === 'function')
  ) {
    last.current = {
      provider: model.provider,
      settings: key,
      offered: requestTools.map((tool) => ({
        name: tool.name,
        inputSchema: tool.type === 'function' ? tool.inputSchema : undefined,
        strict: tool.type === 'function' ? tool.strict : undefined,
      })),
      sending,
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
 * Whether a request offers the tools of the last preparation again: the same provider and
 * settings, and in the same order tools of the same kind, name, owned object and `strict`, which
 * is all a preparation reads of a tool (the rest is sent as the request has it).
 */
function offersTheSameTools(
  last: LastPreparation,
  params: LanguageModelV4CallOptions,
  provider: string,
  settings: Settings,
): boolean {
  const offered = params.tools;
  if (
    provider !== last.provider ||
    settings.key !== last.settings ||
    offered?.length !== last.offered.length
  ) {
    return false;
  }
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
  return true;
}

function ownedToolOf(owned: OwnedSchemas, schema: unknown): OwnedTool | undefined {
  return typeof schema === 'object' && schema !== null ? owned.get(schema) : undefined;
}

/** The settings a request is prepared under (see {@link Settings}), read anew for each request. */
function settingsOf<TOOLS extends ToolSet>(
  options: ToolGateOptions<TOOLS>,
  provider: string,
): Settings {
  const profile = chooseProfile(options, provider);
  // Every tool without defaults of its own is converted under this scope.
  const scope = strictScopeOf(profile);
  const overrides = options.overrides === undefined ? '' : contentKeyOf(options.overrides);
  const defaults = options.defaults === undefined ? '' : contentKeyOf(options.defaults);
  const key =
    scope === undefined || overrides === undefined || defaults === undefined
      ? undefined
      : `${scope}\n${overrides}\n${defaults}`;
  return { profile, scope, key };
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
