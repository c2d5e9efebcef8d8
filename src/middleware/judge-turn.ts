import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import { type CallToCheck, checkTurn } from '../checker/check-turn.ts';
import type { ArgumentPath } from '../checker/mismatch.ts';
import { decodeArguments } from '../decode/decode-arguments.ts';
import { deepEqual } from '../schema/deep-equal.ts';
import { forbiddenKeyPaths } from './forbidden-keys.ts';
import type { RefusalEvent, ToolGateOptions } from './gate-options.ts';
import type { GateRequest } from './gate-request.ts';
import { acceptsNoArguments } from './no-arguments.ts';
import { markerInput } from './refusal-marker.ts';
import { validateWithTool } from './tool-validator.ts';
import type { ValidatedInputs } from './validated-inputs.ts';

export type JudgedTurn = {
  /** The calls to hand on, in the order given: decoded when the turn passed, markers when not. */
  readonly calls: readonly LanguageModelV4ToolCall[];
  /** One event per refused call; empty when the turn passed. */
  readonly refusals: readonly RefusalEvent[];
};

/**
 * Decodes and checks every call of one model turn, then hands them on: decoded when all fit, or
 * every one replaced by a refusal marker when any does not. Calls the provider executed itself are
 * observed only: never decoded, checked or refused.
 */
export async function judgeTurn<TOOLS extends ToolSet>({
  calls,
  request,
  options,
  validated,
}: {
  calls: readonly LanguageModelV4ToolCall[];
  request: GateRequest;
  options: ToolGateOptions<TOOLS>;
  /** Where the validators' outputs of a passed turn wait for the SDK's own validation. */
  validated: ValidatedInputs;
}): Promise<JudgedTurn> {
  const judged = calls.filter((call) => call.providerExecuted !== true);
  if (judged.length === 0) return { calls, refusals: [] };

  const prepared = await Promise.all(judged.map((call) => prepareCall(call, request)));
  const verdict = checkTurn(
    prepared.map(({ check }) => check),
    (toolName) => request.tools.get(toolName)?.judged,
    {
      leniency: options.leniency,
      maxMismatches: options.maxMismatches,
      toolNames: [...request.tools.keys()],
    },
  );

  const replacement = new Map<LanguageModelV4ToolCall, LanguageModelV4ToolCall>();
  const refusals: RefusalEvent[] = [];
  verdict.calls.forEach((callVerdict, index) => {
    const call = judged[index];
    const preparedCall = prepared[index];
    if (call === undefined || preparedCall === undefined) return;
    if (callVerdict.outcome === 'pass') {
      const { toolOutput } = preparedCall;
      if (toolOutput !== undefined) {
        validated.remember(toolOutput.schema, toolOutput.input, toolOutput.value);
      }
      if (preparedCall.decodedInput !== undefined) {
        replacement.set(call, { ...call, input: preparedCall.decodedInput });
      }
      return;
    }
    replacement.set(call, {
      ...call,
      input: markerInput({ code: callVerdict.code, answer: callVerdict.answer, input: call.input }),
    });
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
  check: CallToCheck;
  decodedInput?: string;
  /** What the tool's own validator made of the input, when it accepted it. */
  toolOutput?: { schema: unknown; input: unknown; value: unknown };
};

/** Parses, decodes and fixes one call, and asks the tool's own validator about the result. */
async function prepareCall(
  call: LanguageModelV4ToolCall,
  request: GateRequest,
): Promise<PreparedCall> {
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

  const decoded = decodeArguments(parsed, gated.plan);
  // A fixed parameter sent with its own value is as if not sent; with another, the check refuses it.
  const input = withoutFixedEchoes(decoded, gated.fixedValues);
  const toolInput = withFixedValues(input, gated.fixedValues);
  const schema = gated.tool?.inputSchema;
  const { issues, output } =
    gated.tool === undefined ? { issues: [] } : await validateWithTool(schema, toolInput);
  return {
    check: {
      toolCallId,
      toolName,
      input,
      validatorIssues: issues,
      forbiddenPaths: forbiddenPathsIn(call, input),
    },
    ...(toolInput === parsed && !nullAsEmpty ? {} : { decodedInput: JSON.stringify(toolInput) }),
    ...(output === undefined
      ? {}
      : { toolOutput: { schema, input: toolInput, value: output.value } }),
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
    // A copy per call: the tool may get this very object (see ValidatedInputs) and mutate it.
    if (!Object.hasOwn(withFixed, name)) withFixed[name] = copyOf(value);
  }
  return withFixed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function copyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}
