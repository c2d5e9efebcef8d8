import { refusalErrorIn } from './refusal-error.ts';
import { refusalInText } from './refusal-in-text.ts';
import type { ToolRefusal } from './tool-refusal.ts';

/**
 * The refusal a part of a step, of `response.messages` or of a UI message shows, if it shows one:
 * read from what the AI SDK wrote about the call (a `tool-error` part's error, a `tool-result`'s
 * or UI tool part's error text, an error itself), never from the call's input, which the model
 * wrote.
 *
 * @example
 * import type { StepResult, ToolSet } from 'ai';
 * import { refusalOf } from 'toolgate';
 *
 * function logRefusals(step: StepResult<ToolSet>) {
 *   for (const part of step.content) {
 *     const refusal = refusalOf(part);
 *     if (refusal && part.type === 'tool-error') console.log(part.toolName, refusal.code, refusal.answer);
 *   }
 * }
 */
export function refusalOf(part: unknown): ToolRefusal | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  const error = refusalErrorIn(
    'error' in part && typeof part.error === 'object' ? part.error : part,
  );
  if (error !== undefined) return { code: error.toolRefusal, answer: error.message };
  const fields = part as Record<string, unknown>;
  for (const text of [fields.errorText, fields.error, fields.message]) {
    const refusal = typeof text === 'string' ? refusalInText(text) : undefined;
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}
