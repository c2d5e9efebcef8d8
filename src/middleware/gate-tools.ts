import { asSchema, type FlexibleSchema, jsonSchema, type Tool, type ToolSet } from 'ai';
import { ToolRefusalError } from './refusal-error.ts';
import { readMarker } from './refusal-marker.ts';
import type { ValidatedInputs } from './validated-inputs.ts';

/**
 * Wraps each tool so that a call of a refused turn fails validation with the refusal answer, which
 * makes the AI SDK treat it as invalid: no approval, no execution, no client question, no MCP
 * request. Every other input goes to the tool's own validator unchanged, or gets what that
 * validator already returned when the middleware judged the turn (so zod transforms and defaults
 * run once, as without the gate). Everything else about the tool is kept.
 */
export function gateTools<TOOLS extends ToolSet>(tools: TOOLS, validated: ValidatedInputs): TOOLS {
  const gated: Record<string, Tool> = {};
  for (const name of Object.keys(tools)) {
    const tool = tools[name] as Tool;
    gated[name] = { ...tool, inputSchema: gateInputSchema(tool.inputSchema, validated) } as Tool;
  }
  return gated as TOOLS;
}

function gateInputSchema(inputSchema: unknown, validated: ValidatedInputs) {
  const original = asSchema(inputSchema as FlexibleSchema<unknown>);
  return jsonSchema<unknown>(() => original.jsonSchema, {
    validate: async (value) => {
      const marker = readMarker(value);
      if (marker !== undefined) {
        return {
          success: false,
          error: new ToolRefusalError({ toolRefusal: marker.code, answer: marker.answer }),
        };
      }
      if (original.validate === undefined) return { success: true, value };
      const output = validated.take(inputSchema, value);
      return output === undefined
        ? original.validate(value)
        : { success: true, value: output.value };
    },
  });
}
