import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import { type CallToCheck, checkTurn } from '../checker/check-turn.ts';
import { decodeArguments } from '../decode/decode-arguments.ts';
import type { RefusalEvent, ToolGateOptions } from './gate-options.ts';
import type { GateRequest } from './gate-request.ts';
import { markerInput } from './refusal-marker.ts';
import { validatorIssuesOf } from './tool-validator.ts';

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
}: {
  calls: readonly LanguageModelV4ToolCall[];
  request: GateRequest;
  options: ToolGateOptions<TOOLS>;
}): Promise<JudgedTurn> {
  const judged = calls.filter((call) => call.providerExecuted !== true);
  if (judged.length === 0) return { calls, refusals: [] };

  const prepared = await Promise.all(judged.map((call) => prepareCall(call, request)));
  const verdict = checkTurn(
    prepared.map(({ check }) => check),
    (toolName) => request.tools.get(toolName)?.judged,
    { leniency: options.leniency, maxMismatches: options.maxMismatches },
  );

  const replacement = new Map<LanguageModelV4ToolCall, LanguageModelV4ToolCall>();
  const refusals: RefusalEvent[] = [];
  verdict.calls.forEach((callVerdict, index) => {
    const call = judged[index];
    const preparedCall = prepared[index];
    if (call === undefined || preparedCall === undefined) return;
    if (callVerdict.outcome === 'pass') {
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

/** Parses, decodes and fixes one call, and asks the tool's own validator about the result. */
async function prepareCall(
  call: LanguageModelV4ToolCall,
  request: GateRequest,
): Promise<{ check: CallToCheck; decodedInput?: string }> {
  const { toolCallId, toolName } = call;
  let parsed: unknown;
  try {
    // The AI SDK reads empty input as `{}`; so does the gate.
    parsed = call.input.trim() === '' ? {} : JSON.parse(call.input);
  } catch {
    return { check: { toolCallId, toolName, unparsableInput: call.input } };
  }
  const gated = request.tools.get(toolName);
  if (gated === undefined) return { check: { toolCallId, toolName, input: parsed } };

  let input = decodeArguments(parsed, gated.plan);
  if (
    gated.fixedValues.size > 0 &&
    typeof input === 'object' &&
    input !== null &&
    !Array.isArray(input)
  ) {
    const withFixed: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [name, value] of gated.fixedValues) {
      if (!Object.hasOwn(withFixed, name)) withFixed[name] = value;
    }
    input = withFixed;
  }
  const validatorIssues =
    gated.tool === undefined ? [] : await validatorIssuesOf(gated.tool.inputSchema, input);
  return {
    check: { toolCallId, toolName, input, validatorIssues },
    ...(input === parsed ? {} : { decodedInput: JSON.stringify(input) }),
  };
}
