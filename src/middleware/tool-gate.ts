import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { ToolCallRepairFunction, ToolSet } from 'ai';
import { createGateMiddleware } from './gate-middleware.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { gateTools } from './gate-tools.ts';
import { readMarkerText } from './refusal-marker.ts';
import { ValidatedInputs } from './validated-inputs.ts';

export type ToolGate<TOOLS extends ToolSet> = {
  /** For `wrapLanguageModel({ model, middleware: gate.middleware })`. */
  readonly middleware: LanguageModelV4Middleware;
  /** The same tools, wrapped: pass these to `generateText`/`streamText`/an agent. */
  readonly tools: TOOLS;
  /**
   * Wraps your `repairToolCall` so it never "repairs" a refused call into one that runs. Without a
   * repair function of your own, none is needed.
   */
  readonly repairToolCall: (repair: ToolCallRepairFunction<TOOLS>) => ToolCallRepairFunction<TOOLS>;
};

/**
 * One gate in front of every tool. The middleware converts tool schemas for strict providers,
 * decodes the model's `null` placeholders, and checks every call of a turn before any of it runs;
 * one mismatch refuses the whole turn, and the model gets one corrective round.
 *
 * @example
 * const gate = toolGate({ tools: { weather } });
 * await generateText({
 *   model: wrapLanguageModel({ model: openai('gpt-5'), middleware: gate.middleware }),
 *   tools: gate.tools,
 *   stopWhen: isStepCount(5),
 * });
 */
export function toolGate<TOOLS extends ToolSet>(options: ToolGateOptions<TOOLS>): ToolGate<TOOLS> {
  // Shared so the tools reuse what the validators returned while the middleware judged a turn.
  const validated = new ValidatedInputs();
  return {
    middleware: createGateMiddleware(options, validated),
    tools: gateTools(options.tools, validated),
    repairToolCall: (repair) => async (repairOptions) =>
      readMarkerText(repairOptions.toolCall.input) === undefined ? repair(repairOptions) : null,
  };
}
