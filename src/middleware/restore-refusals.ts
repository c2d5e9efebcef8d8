import {
  isCallReference,
  parseInputObject,
  readLegacyMarker,
  refusalAnswerIn,
} from './refusal-marker.ts';

type Part = { readonly type: string; readonly [key: string]: unknown };
type Message = {
  readonly role: string;
  readonly content: unknown;
  readonly [key: string]: unknown;
};

/**
 * Makes every refused call of a model history read as the model sent it and as the gate answered
 * it: a tool result that holds the gate's answer inside the AI SDK's invalid-input sentence
 * becomes exactly the answer, and a call stored by an earlier version (its input wrapped in a
 * `toolgate:refusal` marker) gets the model's input back and the answer as its result. Works on
 * the model prompt and on `ModelMessage[]` alike, and needs nothing but the history itself.
 * Returns the very same array when there is nothing to change.
 */
export function restoreRefusals<MESSAGES extends readonly Message[]>(messages: MESSAGES): MESSAGES {
  let changed = false;
  // Answers of earlier-version markers, for the tool results after their assistant message only:
  // tool-call ids are reused across turns by some servers.
  let answers = new Map<string, string>();
  const restored = messages.map((message) => {
    if (!Array.isArray(message.content)) return message;
    if (message.role === 'assistant') {
      answers = new Map();
      const content = mapParts(message.content as Part[], (part) => {
        if (part.type !== 'tool-call') return part;
        const marker = readLegacyMarker(part.input);
        if (marker !== undefined) {
          answers.set(String(part.toolCallId), marker.answer);
          return { ...part, input: parseInputObject(marker.input) ?? {} };
        }
        return isCallReference(part.input) ? { ...part, input: {} } : part;
      });
      if (content === message.content) return message;
      changed = true;
      return { ...message, content };
    }
    if (message.role !== 'tool') return message;
    const content = mapParts(message.content as Part[], (part) => {
      if (part.type !== 'tool-result') return part;
      const output = part.output as { type?: unknown; value?: unknown } | undefined;
      const answer =
        answers.get(String(part.toolCallId)) ??
        (output?.type === 'error-text' && typeof output.value === 'string'
          ? refusalAnswerIn(output.value)
          : undefined);
      if (answer === undefined || (output?.type === 'error-text' && output.value === answer)) {
        return part;
      }
      return { ...part, output: { type: 'error-text', value: answer } };
    });
    if (content === message.content) return message;
    changed = true;
    return { ...message, content };
  });
  return (changed ? restored : messages) as MESSAGES;
}

/** Maps parts copy-on-write: the same array when no part changed. */
function mapParts(parts: readonly Part[], map: (part: Part) => Part): readonly Part[] {
  let copy: Part[] | undefined;
  parts.forEach((part, index) => {
    const mapped = map(part);
    if (mapped === part) return;
    copy ??= [...parts];
    copy[index] = mapped;
  });
  return copy ?? parts;
}
