import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { ToolCallRepairFunction, ToolSet } from 'ai';
import { CallLedger } from './call-ledger.ts';
import { createGateMiddleware } from './gate-middleware.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { type OwnedSchemas, wrapTools } from './gate-tools.ts';
import { repairRefusals } from './repair-refusals.ts';
import { ReusedInputSchemas } from './reused-input-schemas.ts';
import { validateGateOptions } from './validate-gate-options.ts';

export type ToolGate<TOOLS extends ToolSet> = {
  /** For `wrapLanguageModel({ model, middleware: gate.middleware })`. */
  readonly middleware: LanguageModelV4Middleware;
  /** The tools given to `toolGate`, wrapped: pass these to `generateText`/`streamText`/an agent. */
  readonly tools: TOOLS;
  /**
   * Wraps tools chosen per request (`await mcpClient.tools()`, per-user tools) for this gate, so
   * one gate and one wrapped model serve any tool set. Cheap: wrap per request.
   */
  readonly wrapTools: <REQUEST_TOOLS extends ToolSet>(tools: REQUEST_TOOLS) => REQUEST_TOOLS;
  /**
   * For `repairToolCall: gate.repairToolCall()`: makes a refused call's error text exactly the
   * gate's answer in steps, `response.messages` and the UI message stream (without it, the AI SDK
   * wraps the answer in its own invalid-input sentence; nothing runs either way), and never lets
   * a repair revive a refused call. Pass your own repair function to have it run for other calls.
   */
  readonly repairToolCall: (
    repair?: ToolCallRepairFunction<TOOLS>,
  ) => ToolCallRepairFunction<TOOLS>;
};

/**
 * One gate in front of every tool. The middleware converts tool schemas for strict providers,
 * decodes the model's `null` placeholders, and checks every call of a turn before any of it runs;
 * one mismatch refuses the whole turn, and the model gets one corrective round.
 *
 * Options are checked here and throw an {@link InvalidGateOptionError} naming the mistake.
 *
 * @example
 * const gate = toolGate({ tools: { weather } });
 * await generateText({
 *   model: wrapLanguageModel({ model: openai('gpt-5'), middleware: gate.middleware }),
 *   tools: gate.tools,
 *   repairToolCall: gate.repairToolCall(),
 *   stopWhen: isStepCount(5),
 * });
 */
export function toolGate<TOOLS extends ToolSet = ToolSet>(
  options: ToolGateOptions<TOOLS> = {},
): ToolGate<TOOLS> {
  validateGateOptions(options);
  const ledger = new CallLedger();
  const owned: OwnedSchemas = new WeakMap();
  const reused = new ReusedInputSchemas({ ledger, owned });
  return {
    middleware: createGateMiddleware({ options, ledger, owned }),
    tools: wrapTools({ tools: options.tools ?? ({} as TOOLS), ledger, owned, reused }),
    wrapTools: (tools) => wrapTools({ tools, ledger, owned, reused }),
    repairToolCall: (repair) => repairRefusals({ repair, ledger }),
  };
}
