import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { readMarker } from './refusal-marker.ts';

/**
 * Puts refused calls back as the model sent them before the next request leaves: the assistant's
 * tool call regains its original input, and its result becomes exactly the refusal answer (the AI
 * SDK had wrapped it in its own validation error text). Works on any history, also one saved and
 * sent through a new gate, because each call carries its own marker. Returns the prompt unchanged
 * (same object) when it holds no refused call.
 */
export function restoreRefusals(prompt: LanguageModelV4Prompt): LanguageModelV4Prompt {
  const answers = new Map<string, string>();
  let changed = false;
  const restored = prompt.map((message) => {
    if (message.role !== 'assistant') return message;
    let content: typeof message.content | undefined;
    message.content.forEach((part, index) => {
      if (part.type !== 'tool-call') return;
      const marker = readMarker(part.input);
      if (marker === undefined) return;
      answers.set(part.toolCallId, marker.answer);
      content ??= [...message.content];
      content[index] = { ...part, input: parseOriginal(marker.input) };
    });
    if (content === undefined) return message;
    changed = true;
    return { ...message, content };
  });
  if (!changed) return prompt;
  return restored.map((message) => {
    if (message.role !== 'tool') return message;
    return {
      ...message,
      content: message.content.map((part) => {
        if (part.type !== 'tool-result') return part;
        const answer = answers.get(part.toolCallId);
        return answer === undefined
          ? part
          : { ...part, output: { type: 'error-text', value: answer } };
      }),
    };
  });
}

function parseOriginal(input: string): unknown {
  try {
    const parsed: unknown = JSON.parse(input);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
