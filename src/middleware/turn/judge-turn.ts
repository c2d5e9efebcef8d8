import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import { jsonrepair } from 'jsonrepair';
import {
  type CallToCheck,
  type CheckTurnOptions,
  checkTurn,
  type RefusalCode,
} from '../../checker/check-turn.ts';
import type { ArgumentPath } from '../../checker/mismatch.ts';
import { busyAnswer, tooLargeTurnAnswer } from '../../checker/refusal-texts.ts';
import { decodeWithPlan } from '../../decode/decode-arguments.ts';
import { storedOptionalNullPlan } from '../../decode/optional-null-plan.ts';
import { copyOf } from '../../schema/copy-of.ts';
import { deepEqual } from '../../schema/deep-equal.ts';
import { isRecord } from '../../schema/is-record.ts';
import type { RefusalEvent, ToolGateOptions } from '../options/gate-options.ts';
import { perToolOption } from '../options/per-tool-option.ts';
import { unparsableRefusalText } from '../refusals/unparsable-refusal-text.ts';
import type { GatedToolPlan, GateRequest } from '../request/gate-request.ts';
import type { CallLedger, LedgerEntry } from '../tools/call-ledger.ts';
import { forbiddenKeyPaths } from './forbidden-keys.ts';
import { acceptsNoArguments } from './no-arguments.ts';
import { validateWithTool } from './tool-validator.ts';

export type JudgedTurn = {
  /**
   * The calls to hand on, in the order given. A call of a wrapped tool carries a reference to its
   * verdict as its input (see {@link CallLedger}); other calls carry their decoded input, or, when
   * refused, input no parser accepts, so the AI SDK can never run them.
   */
  readonly calls: readonly LanguageModelV4ToolCall[];
  /** One event per refused call; empty when the turn passed. */
  readonly refusals: readonly RefusalEvent[];
};

/** What the gate decided for one call of a turn. */
export type CallJudgement =
  | {
      readonly outcome: 'pass';
      readonly call: LanguageModelV4ToolCall;
      readonly gated: GatedToolPlan;
      /** What the tool's own validator was given: the decoded, normalized input. */
      readonly input: unknown;
      /** What the tool gets: the validator's output for `input`. */
      readonly value: unknown;
      /** Whether decoding or normalizing changed what the model sent. */
      readonly changed: boolean;
    }
  | {
      readonly outcome: 'refused';
      readonly call: LanguageModelV4ToolCall;
      readonly gated: GatedToolPlan | undefined;
      readonly code: RefusalCode;
      readonly answer: string;
      readonly mismatches: RefusalEvent['mismatches'];
    }
  /** A call to a tool the gate has no schema for, in a passed turn: handed on as sent. */
  | { readonly outcome: 'unknown'; readonly call: LanguageModelV4ToolCall };

/**
 * Decodes and checks every call of one model turn, then hands them on: each with the input the
 * gate judged when all fit, or all refused when any does not. Calls the provider executed itself
 * are observed only: never decoded, checked or refused. An error inside the judging is not a
 * pass: it rejects, and with it the request.
 */
export async function judgeTurn<TOOLS extends ToolSet>({
  calls,
  request,
  options,
  ledger,
}: {
  calls: readonly LanguageModelV4ToolCall[];
  request: GateRequest;
  options: ToolGateOptions<TOOLS>;
  /** Where each handed-on call's verdict waits for the AI SDK's validation. */
  ledger: CallLedger;
}): Promise<JudgedTurn> {
  const judged = calls.filter((call) => !isObservedOnly(call, request));
  if (judged.length === 0) return { calls, refusals: [] };
  return handedTurn(calls, handOn(await judgeCalls({ calls: judged, request, options }), ledger));
}

/**
 * Refuses every call of a turn with one answer, without judging them (calls the model sent after
 * it had ended its turn); observed-only calls pass as they are.
 */
export function refuseTurn({
  calls,
  request,
  ledger,
  answer,
}: {
  calls: readonly LanguageModelV4ToolCall[];
  request: GateRequest;
  ledger: CallLedger;
  answer: string;
}): JudgedTurn {
  const refused = calls.filter((call) => !isObservedOnly(call, request));
  const judgements = refused.map((call) =>
    refusedWith({ call, gated: request.tools.get(call.toolName), answer }),
  );
  return handedTurn(calls, handOn(judgements, ledger));
}

/**
 * Whether the gate only observes a call: one the provider ran itself, of a tool that is not a
 * function tool the gate wrapped (a model cannot exempt a call of such a tool from judging by
 * claiming the provider ran it).
 */
export function isObservedOnly(
  call: Pick<LanguageModelV4ToolCall, 'providerExecuted' | 'toolName'>,
  request: GateRequest,
): boolean {
  return call.providerExecuted === true && request.tools.get(call.toolName)?.wrapped !== true;
}

/** A call refused with the turn's one answer, no mismatch of its own. */
function refusedWith({
  call,
  gated,
  answer,
}: {
  call: LanguageModelV4ToolCall;
  gated: GatedToolPlan | undefined;
  answer: string;
}): CallJudgement {
  return { outcome: 'refused', call, gated, code: 'turn', answer, mismatches: [] };
}

/** The turn's calls in their order, each judged one as handed on, and an event per refusal. */
function handedTurn(
  calls: readonly LanguageModelV4ToolCall[],
  judgements: readonly HandedJudgement[],
): JudgedTurn {
  const replacement = new Map<LanguageModelV4ToolCall, LanguageModelV4ToolCall>();
  const refusals: RefusalEvent[] = [];
  for (const judgement of judgements) {
    const { call } = judgement;
    replacement.set(call, judgement.handed);
    if (judgement.outcome !== 'refused') continue;
    refusals.push({
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      code: judgement.code,
      mismatches: judgement.mismatches,
    });
  }
  return { calls: calls.map((call) => replacement.get(call) ?? call), refusals };
}

/**
 * Judges the calls of one turn together: decoded, checked against their tools' schemas, then
 * given to the tools' own validators; one mismatch anywhere refuses every call. Pure of the
 * ledger: the same judgement serves a turn from the model and an approved call judged alone.
 */
export async function judgeCalls<TOOLS extends ToolSet>({
  calls,
  request,
  options,
}: {
  calls: readonly LanguageModelV4ToolCall[];
  request: GateRequest;
  options: ToolGateOptions<TOOLS>;
}): Promise<CallJudgement[]> {
  const prepared = calls.map((call) => prepareCall(call, request, options));
  const checkOptions: CheckTurnOptions = {
    leniency: options.leniency,
    maxMismatches: options.maxMismatches,
    toolNames: request.toolNames,
    defaultFor: configuredDefault(options.defaults),
    store: request.store,
  };
  const schemaOf = (toolName: string) => request.tools.get(toolName)?.judged;
  const checks = prepared.map(({ check }) => check);
  let verdict = checkTurn(checks, schemaOf, checkOptions);
  // What each tool would receive: the arguments in their declared form (lenient casts made,
  // `null` for optional arguments as omission or default), with the app's fixed values.
  const toolInputs = verdict.calls.map((callVerdict, index) => {
    const gated = prepared[index]?.gated;
    const judgedValue =
      callVerdict.outcome === 'pass' || callVerdict.code === 'turn' ? callVerdict.value : undefined;
    return gated === undefined || judgedValue === undefined
      ? undefined
      : withFixedValues(judgedValue, gated.fixedValues);
  });
  // The tools' own validators run on exactly that; a call they reject refuses the turn too, so no
  // call fails alone later while its siblings run.
  const outputs = await Promise.all(
    prepared.map(({ gated }, index) => {
      const toolInput = toolInputs[index];
      return gated?.tool === undefined || toolInput === undefined
        ? undefined
        : validateWithTool(gated.tool.inputSchema, toolInput);
    }),
  );
  if (outputs.some((output) => output !== undefined && output.issues.length > 0)) {
    verdict = checkTurn(
      checks.map((check, index) => {
        const issues = outputs[index]?.issues ?? [];
        return issues.length === 0 || !('input' in check)
          ? check
          : { ...check, validatorIssues: issues };
      }),
      schemaOf,
      checkOptions,
    );
  }

  return verdict.calls.map((callVerdict, index): CallJudgement => {
    const call = calls[index] as LanguageModelV4ToolCall;
    const { gated, parsed, repaired } = prepared[index] as PreparedCall;
    const input = toolInputs[index];
    if (callVerdict.outcome === 'refused') {
      return {
        outcome: 'refused',
        call,
        gated,
        code: callVerdict.code,
        answer: callVerdict.answer,
        mismatches: callVerdict.mismatches.map(({ code, path, expected }) => ({
          code,
          path,
          expected,
        })),
      };
    }
    if (gated === undefined || input === undefined) return { outcome: 'unknown', call };
    const output = outputs[index]?.output;
    return {
      outcome: 'pass',
      call,
      gated,
      input,
      value: output === undefined ? input : output.value,
      changed: repaired === true || input !== parsed,
    };
  });
}

type HandedJudgement = CallJudgement & {
  /** The call as the SDK gets it. */
  readonly handed: LanguageModelV4ToolCall;
};

/**
 * Gives each judged call the input the SDK gets. Calls of wrapped tools carry references to
 * their verdicts, held by the ledger as one turn; a turn the ledger cannot hold is refused whole
 * instead (held as refusals, or, when not even that fits, handed on as input no parser accepts).
 */
function handOn(judgements: readonly CallJudgement[], ledger: CallLedger): HandedJudgement[] {
  let handed = judgements.map((judgement) => ({ ...judgement.call }));
  let entries = entriesOf(judgements, handed);
  let held = holdIfAny(ledger, entries);
  if (typeof held === 'string') {
    const answer =
      held === 'turn-too-large'
        ? tooLargeTurnAnswer({
            callCount: judgements.length,
            maxCalls: ledger.limits.maxCallsPerTurn,
          })
        : busyAnswer;
    judgements = judgements.map((judgement) =>
      refusedWith({
        call: judgement.call,
        gated: judgement.outcome === 'unknown' ? undefined : judgement.gated,
        answer,
      }),
    );
    handed = judgements.map((judgement) => ({ ...judgement.call }));
    entries = entriesOf(judgements, handed);
    held = holdIfAny(ledger, entries);
  }
  const references = typeof held === 'string' ? undefined : held;
  let reference = 0;
  return judgements.map((judgement, index) => {
    const call = handed[index] as LanguageModelV4ToolCall & { input: string };
    if (judgement.outcome === 'refused') {
      ledger.markRefused(call, { code: judgement.code, answer: judgement.answer });
    }
    if (entries[index] !== undefined && references !== undefined) {
      call.input = references[reference++] as string;
    } else if (judgement.outcome === 'refused') {
      // A refused call of a tool that was not offered keeps its text: the SDK cannot run it
      // either. One of a provider-defined tool (or of a turn nothing could hold) gets text no
      // parser accepts.
      if (judgement.gated !== undefined) {
        call.input = unparsableRefusalText({
          code: judgement.code,
          answer: judgement.answer,
          input: judgement.call.input,
        });
      }
    } else if (judgement.outcome === 'pass' && judgement.changed) {
      call.input = JSON.stringify(judgement.value);
    }
    return { ...judgement, handed: call };
  });
}

function entriesOf(
  judgements: readonly CallJudgement[],
  handed: readonly LanguageModelV4ToolCall[],
): Array<LedgerEntry | undefined> {
  return judgements.map((judgement, index) =>
    ledgerEntryOf(judgement, handed[index] as LanguageModelV4ToolCall),
  );
}

function holdIfAny(
  ledger: CallLedger,
  entries: ReadonlyArray<LedgerEntry | undefined>,
): ReturnType<CallLedger['holdTurn']> {
  const held = entries.filter((entry) => entry !== undefined);
  return held.length === 0 ? [] : ledger.holdTurn(held);
}

/** The verdict a call's validation takes, for a call of a wrapped tool. */
function ledgerEntryOf(
  judgement: CallJudgement,
  handed: LanguageModelV4ToolCall,
): LedgerEntry | undefined {
  if (judgement.outcome === 'unknown' || judgement.gated?.wrapped !== true) return undefined;
  const modelInput = judgement.call.input;
  return judgement.outcome === 'pass'
    ? { outcome: 'pass', input: judgement.input, value: judgement.value, call: handed, modelInput }
    : {
        outcome: 'refused',
        code: judgement.code,
        answer: judgement.answer,
        call: handed,
        modelInput,
      };
}

type PreparedCall = {
  readonly check: CallToCheck;
  readonly gated?: GatedToolPlan;
  /** The arguments as the model's text parsed; `undefined` when not JSON. */
  readonly parsed?: unknown;
  /** Whether `parsed` was read from near-JSON text, so the tool must be handed the repaired value. */
  readonly repaired?: boolean;
};

/** The `defaults` option as the checker asks for it: by tool and argument path. */
function configuredDefault(
  defaults: ToolGateOptions<ToolSet>['defaults'],
): CheckTurnOptions['defaultFor'] {
  if (defaults === undefined) return undefined;
  return (path, toolName) => {
    const byPath = perToolOption(defaults, toolName);
    const key = defaultsKeyOf(path);
    return byPath !== undefined && Object.hasOwn(byPath, key) ? { value: byPath[key] } : undefined;
  };
}

/** An argument path as `defaults` keys are written: `filters.limit`, `events[].when`. */
function defaultsKeyOf(path: ArgumentPath): string {
  let key = '';
  for (const segment of path) {
    if (typeof segment === 'number') key += '[]';
    else key += key === '' ? segment : `.${segment}`;
  }
  return key;
}

/** Parses, decodes and fixes one call. */
function prepareCall(
  call: LanguageModelV4ToolCall,
  request: GateRequest,
  { leniency, defaults }: ToolGateOptions<ToolSet>,
): PreparedCall {
  const { toolCallId, toolName } = call;
  let parsed: unknown;
  let repaired = false;
  try {
    // The AI SDK reads empty input as `{}`; so does the gate.
    parsed = call.input.trim() === '' ? {} : JSON.parse(call.input);
  } catch {
    parsed = leniency === 'exact' ? undefined : repairedObject(call.input);
    if (parsed === undefined) {
      return { check: { toolCallId, toolName, unparsableInput: call.input } };
    }
    repaired = true;
  }
  const gated = request.tools.get(toolName);
  // `"null"` for a tool that requires nothing (Cohere's zero-parameter calls) is no arguments.
  const nullAsEmpty = parsed === null && gated !== undefined && acceptsNoArguments(gated.judged);
  if (nullAsEmpty) parsed = {};
  if (gated === undefined) {
    return {
      check: {
        toolCallId,
        toolName,
        input: parsed,
        forbiddenPaths: forbiddenPathsIn(call, parsed),
      },
    };
  }

  // A tool sent as it is has no plan; in lenient mode a `null` for an optional argument is
  // omission or its default there too, behind references and in union branches alike.
  const plan =
    gated.plan.kind === 'none' && leniency !== 'exact' && (repaired || call.input.includes('null'))
      ? storedOptionalNullPlan(gated.judged, {
          defaults: perToolOption(defaults, toolName),
          store: request.store,
        })
      : gated.plan;
  const { value: decoded, problems } = decodeWithPlan(parsed, plan, { store: request.store });
  // A fixed parameter sent with its own value is as if not sent; with another, the check refuses it.
  const input = withoutFixedEchoes(decoded, gated.fixedValues);
  return {
    check: {
      toolCallId,
      toolName,
      input,
      forbiddenPaths: forbiddenPathsIn(call, input),
      decodeMismatches: problems.map(({ code, path, message }) => ({
        code,
        path,
        expected: code === 'duplicate-key' ? 'each key once' : 'JSON text',
        received: '',
        message,
      })),
    },
    gated,
    // `"null"` read as no arguments is a change the tool must see as `{}`.
    parsed: nullAsEmpty ? null : parsed,
    repaired,
  };
}

/**
 * The object near-JSON text stands for (trailing commas, single quotes, unquoted keys, a fenced
 * code block, missing closing brackets), as small and local models send it; `undefined` when no
 * repair makes an object of it. The repaired value is judged like any other.
 */
function repairedObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(jsonrepair(text));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Walks the arguments only when their text could hold such a key at all. */
function forbiddenPathsIn(call: LanguageModelV4ToolCall, input: unknown): ArgumentPath[] {
  const text = call.input;
  // `\u` escapes can spell either name, so such text is walked too.
  if (!text.includes('__proto__') && !text.includes('constructor') && !text.includes('\\u')) {
    return [];
  }
  return forbiddenKeyPaths(input);
}

function withoutFixedEchoes(input: unknown, fixedValues: ReadonlyMap<string, unknown>): unknown {
  if (fixedValues.size === 0 || !isRecord(input)) return input;
  const echoed = [...fixedValues].filter(
    ([name, value]) => Object.hasOwn(input, name) && deepEqual(input[name], value),
  );
  if (echoed.length === 0) return input;
  const rest = { ...input };
  for (const [name] of echoed) delete rest[name];
  return rest;
}

function withFixedValues(input: unknown, fixedValues: ReadonlyMap<string, unknown>): unknown {
  if (fixedValues.size === 0 || !isRecord(input)) return input;
  const withFixed: Record<string, unknown> = { ...input };
  for (const [name, value] of fixedValues) {
    // A copy per call: the tool gets this very object and may mutate it.
    if (!Object.hasOwn(withFixed, name)) withFixed[name] = copyOf(value);
  }
  return withFixed;
}
