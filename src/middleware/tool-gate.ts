import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { ToolApprovalConfiguration, ToolCallRepairFunction, ToolSet } from 'ai';
import { createGateMiddleware } from './gate-middleware.ts';
import { gateStore } from './gate-store.ts';
import { GateWiringError } from './gate-wiring-error.ts';
import type { ToolGateOptions } from './options/gate-options.ts';
import { validateGateOptions } from './options/validate-gate-options.ts';
import { CallLedger } from './tools/call-ledger.ts';
import { type GateToolsContext, wrapTools } from './tools/gate-tools.ts';
import { gatedToolApproval } from './tools/gated-tool-approval.ts';
import type { OwnedSchemas } from './tools/owned-schemas.ts';
import { repairRefusals } from './tools/repair-refusals.ts';
import { ReusedInputSchemas } from './tools/reused-input-schemas.ts';
import { judgeAlone } from './turn/judge-alone.ts';

export type ToolGate<TOOLS extends ToolSet> = {
  /** For `wrapLanguageModel({ model, middleware: gate.middleware })`. */
  readonly middleware: LanguageModelV4Middleware;
  /**
   * The settings to spread into `generateText`/`streamText`/an agent beside the wrapped model:
   * the tools, wrapped, and the `repairToolCall` that gives a refused call's error text exactly
   * the gate's answer (in steps, `response.messages`, the UI message stream and so in any stored
   * history) and never lets a repair revive a refused call.
   *
   * @example
   * import { openai } from '@ai-sdk/openai';
   * import { generateText, tool, wrapLanguageModel } from 'ai';
   * import { toolGate } from 'toolgate';
   * import { z } from 'zod';
   *
   * const gate = toolGate(); // once, at start-up
   * const model = wrapLanguageModel({ model: openai('gpt-5'), middleware: gate.middleware });
   * // Tools chosen for this request (an MCP client's `await mcp.tools()`, per-user tools):
   * const tools = {
   *   lookup: tool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => q }),
   * };
   * await generateText({ model, ...gate.toolSettings({ tools }), prompt: 'Look up cats.' });
   */
  readonly toolSettings: <
    REQUEST_TOOLS extends ToolSet = TOOLS,
    RUNTIME_CONTEXT = unknown,
  >(settings?: {
    /** Tools chosen per request (`await mcpClient.tools()`); the gate's own tools by default. */
    tools?: REQUEST_TOOLS;
    /** Your own repair function, run for calls the gate did not refuse. */
    repairToolCall?: ToolCallRepairFunction<REQUEST_TOOLS>;
    /**
     * The AI SDK's `toolApproval` option, passed through the gate: asked only for calls the gate
     * judged, so a model without the gate's middleware raises no approval either.
     */
    toolApproval?: ToolApprovalConfiguration<REQUEST_TOOLS, RUNTIME_CONTEXT>;
  }) => {
    tools: REQUEST_TOOLS;
    repairToolCall: ToolCallRepairFunction<REQUEST_TOOLS>;
    toolApproval?: ToolApprovalConfiguration<REQUEST_TOOLS, RUNTIME_CONTEXT>;
  };
  /** The tools given to `toolGate`, wrapped (prefer {@link ToolGate.toolSettings}). */
  readonly tools: TOOLS;
  /**
   * Wraps tools chosen per request for this gate, so one gate and one wrapped model serve any
   * tool set (prefer `toolSettings({ tools })`, which also carries the refusal texts).
   */
  readonly wrapTools: <REQUEST_TOOLS extends ToolSet>(tools: REQUEST_TOOLS) => REQUEST_TOOLS;
  /**
   * The `repairToolCall` that {@link ToolGate.toolSettings} carries: a refused call's error text
   * is exactly the gate's answer, and no repair revives a refused call. Pass your own repair
   * function to have it run for other calls.
   */
  readonly repairToolCall: <REQUEST_TOOLS extends ToolSet = TOOLS>(
    repair?: ToolCallRepairFunction<REQUEST_TOOLS>,
  ) => ToolCallRepairFunction<REQUEST_TOOLS>;
};

/**
 * One gate in front of every tool. The middleware converts tool schemas for strict providers,
 * decodes the model's `null` placeholders, and checks every call of a turn before any of it runs;
 * one mismatch refuses the whole turn, and the model gets one corrective round. A call the
 * middleware did not judge never runs, unless it is an approved call resumed from history, and
 * then only after the gate judges it alone.
 *
 * Options are checked here and throw an {@link InvalidGateOptionError} naming the mistake.
 *
 * @example
 * import { openai } from '@ai-sdk/openai';
 * import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
 * import { toolGate } from 'toolgate';
 * import { z } from 'zod';
 *
 * const weather = tool({
 *   inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() }),
 *   execute: async ({ city }) => `Sunny in ${city}`,
 * });
 * const gate = toolGate({ tools: { weather } });
 * await generateText({
 *   model: wrapLanguageModel({ model: openai('gpt-5'), middleware: gate.middleware }),
 *   ...gate.toolSettings(),
 *   prompt: 'Weather in Paris?',
 *   stopWhen: isStepCount(5),
 * });
 */
export function toolGate<TOOLS extends ToolSet = ToolSet>(
  options: ToolGateOptions<TOOLS> = {},
): ToolGate<TOOLS> {
  validateGateOptions(options);
  const ledger = new CallLedger();
  const owned: OwnedSchemas = new WeakMap();
  let warned = false;
  const context: GateToolsContext = {
    ledger,
    owned,
    store: gateStore,
    reused: new ReusedInputSchemas(gateStore),
    judgeAlone: ({ toolName, schema, tool, input }) =>
      judgeAlone({ toolName, schema, tool, input, options, store: gateStore }),
    warnUnjudged: (toolName) => {
      if (warned) return;
      warned = true;
      console.warn(
        new GateWiringError({ mistake: 'unjudged-call', toolNames: [toolName] }).message,
      );
    },
  };
  const tools = wrapTools({ tools: options.tools ?? ({} as TOOLS), context });
  const wrap = <REQUEST_TOOLS extends ToolSet>(requestTools: REQUEST_TOOLS) =>
    wrapTools({ tools: requestTools, context });
  const repairToolCall = <REQUEST_TOOLS extends ToolSet>(
    repair?: ToolCallRepairFunction<REQUEST_TOOLS>,
  ) => repairRefusals({ repair, ledger });
  return {
    middleware: createGateMiddleware({ options, ledger, owned, store: gateStore }),
    toolSettings: (settings = {}) => ({
      tools: settings.tools === undefined ? (tools as never) : wrap(settings.tools),
      repairToolCall: repairToolCall(settings.repairToolCall),
      ...(settings.toolApproval === undefined
        ? {}
        : { toolApproval: gatedToolApproval({ toolApproval: settings.toolApproval, ledger }) }),
    }),
    tools,
    wrapTools: wrap,
    repairToolCall,
  };
}
