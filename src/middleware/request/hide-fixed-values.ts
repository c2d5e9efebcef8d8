import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { defineOwn } from '../../schema/define-own.ts';

/**
 * Takes parameters the app fixed (`overrides: { value }`) out of the tool calls in the history,
 * so the model never sees them: the tool got them, the model was never offered them. Returns the
 * prompt unchanged (same object) when there is nothing to take out.
 */
export function hideFixedValues(
  prompt: LanguageModelV4Prompt,
  fixedNamesOf: (toolName: string) => readonly string[],
): LanguageModelV4Prompt {
  let changed = false;
  const hidden = prompt.map((message) => {
    if (message.role !== 'assistant') return message;
    let content: typeof message.content | undefined;
    message.content.forEach((part, index) => {
      if (part.type !== 'tool-call') return;
      const input = part.input;
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return;
      const present = fixedNamesOf(part.toolName).filter((name) => Object.hasOwn(input, name));
      if (present.length === 0) return;
      const visible: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(input)) {
        if (!present.includes(name)) defineOwn(visible, name, value);
      }
      content ??= [...message.content];
      content[index] = { ...part, input: visible };
    });
    if (content === undefined) return message;
    changed = true;
    return { ...message, content };
  });
  return changed ? hidden : prompt;
}
