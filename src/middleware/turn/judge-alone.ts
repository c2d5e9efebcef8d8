import type { ToolSet } from 'ai';
import { emptyDecodePlan } from '../../decode/decode-plan.ts';
import type { PreparedStore } from '../../store/prepared-store.ts';
import type { ToolGateOptions } from '../options/gate-options.ts';
import { perToolOption } from '../options/per-tool-option.ts';
import { applyOverrides } from '../options/tool-overrides.ts';
import { ToolRefusalError } from '../refusals/refusal-error.ts';
import type { GateRequest } from '../request/gate-request.ts';
import type { UnjudgedValidation } from '../tools/gate-input-schema.ts';
import { judgeCalls } from './judge-turn.ts';

/**
 * Judges one input the middleware did not hand on, as a call of its own: an approved call
 * resumed from history (its turn was judged whole when the approval was asked). The same checks
 * as a model's turn: the tool's schema with the app's overrides, `null` for optional arguments,
 * the tool's own validator.
 */
export async function judgeAlone<TOOLS extends ToolSet>({
  toolName,
  schema,
  tool,
  input,
  options,
  store,
}: {
  toolName: string;
  /** The tool's JSON Schema, as the gate reads it. */
  schema: unknown;
  /** The app's tool, whose validator has the last word; `undefined` for a schema alone. */
  tool: ToolSet[string] | undefined;
  input: unknown;
  options: ToolGateOptions<TOOLS>;
  /** Where the schema's reading is kept. */
  store: PreparedStore;
}): Promise<UnjudgedValidation> {
  const { judged, fixedValues } = applyOverrides(
    schema,
    perToolOption(options.overrides, toolName),
  );
  const request: GateRequest = {
    tools: new Map([
      [toolName, { judged, plan: emptyDecodePlan, fixedValues, tool, wrapped: true }],
    ]),
    toolNames: [toolName],
    warnings: [],
    store,
  };
  const [judgement] = await judgeCalls({
    calls: [{ type: 'tool-call', toolCallId: '', toolName, input: JSON.stringify(input) ?? '' }],
    request,
    options,
  });
  if (judgement?.outcome === 'refused') {
    return {
      success: false,
      error: new ToolRefusalError({ toolRefusal: judgement.code, answer: judgement.answer }),
    };
  }
  return { success: true, value: judgement?.outcome === 'pass' ? judgement.value : input };
}
