import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import { type CallToCheck, type CheckTurnOptions, checkTurn } from '../checker/check-turn.ts';
import type { ArgumentPath } from '../checker/mismatch.ts';
import { decodeWithPlan } from '../decode/decode-arguments.ts';
import { copyOf } from '../schema/copy-of.ts';
import { deepEqual } from '../schema/deep-equal.ts';
import type { CallLedger } from './call-ledger.ts';
import { forbiddenKeyPaths } from './forbidden-keys.ts';
import type { RefusalEvent, ToolGateOptions } from './gate-options.ts';
import type { GatedToolPlan, GateRequest } from './gate-request.ts';
import { acceptsNoArguments } from './no-arguments.ts';
import { perToolOption } from './per-tool-option.ts';
import { validateWithTool } from './tool-validator.ts';
import { unparsableRefusalText } from './unparsable-refusal-text.ts';

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
  const judged = calls.filter((call) => call.providerExecuted !== true);
  if (judged.length === 0) return { calls, refusals: [] };

  const prepared = judged.map((call) => prepareCall(call, request));
  const checkOptions: CheckTurnOptions = {
    leniency: options.leniency,
    maxMismatches: options.maxMismatches,
    toolNames: request.toolNames,
    defaultFor: configuredDefault(options.defaults),
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

  const replacement = new Map<LanguageModelV4ToolCall, LanguageModelV4ToolCall>();
  const refusals: RefusalEvent[] = [];
  verdict.calls.forEach((callVerdict, index) => {
    const call = judged[index];
    const preparedCall = prepared[index];
    if (call === undefined || preparedCall === undefined) return;
    const { gated, parsed } = preparedCall;
    const toolInput = toolInputs[index];
    if (callVerdict.outcome === 'pass') {
      if (gated === undefined || toolInput === undefined) return;
      const output = outputs[index]?.output;
      const value = output === undefined ? toolInput : output.value;
      if (gated.wrapped) {
        replacement.set(call, {
          ...call,
          input: ledger.issue({ outcome: 'pass', input: toolInput, value }),
        });
      } else if (toolInput !== parsed) {
        replacement.set(call, { ...call, input: JSON.stringify(value) });
      }
      return;
    }
    const { code, answer } = callVerdict;
    const handed = { ...call };
    if (gated?.wrapped === true) {
      handed.input = ledger.issue({
        outcome: 'refused',
        code,
        answer,
        input: call.input,
        call: handed,
      });
    } else if (gated !== undefined) {
      handed.input = unparsableRefusalText({ code, answer, input: call.input });
    }
    // A call to a tool that was not offered keeps its text: the SDK cannot run it either.
    ledger.markRefused(handed, { code, answer });
    replacement.set(call, handed);
    refusals.push({
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      code: callVerdict.code,
      mismatches: callVerdict.mismatches.map(({ code, path, expected }) => ({
        code,
        path,
        expected,
      })),
    });
  });

  return { calls: calls.map((call) => replacement.get(call) ?? call), refusals };
}

type PreparedCall = {
  readonly check: CallToCheck;
  readonly gated?: GatedToolPlan;
  /** The arguments as the model's text parsed; `undefined` when not JSON. */
  readonly parsed?: unknown;
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
function prepareCall(call: LanguageModelV4ToolCall, request: GateRequest): PreparedCall {
  const { toolCallId, toolName } = call;
  let parsed: unknown;
  try {
    // The AI SDK reads empty input as `{}`; so does the gate.
    parsed = call.input.trim() === '' ? {} : JSON.parse(call.input);
  } catch {
    return { check: { toolCallId, toolName, unparsableInput: call.input } };
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

  const { value: decoded, problems } = decodeWithPlan(parsed, gated.plan);
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
  };
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
