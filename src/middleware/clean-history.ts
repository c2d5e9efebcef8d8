import {
  isUnparsableRefusalText,
  legacyMarkerKey,
  parseInputObject,
  type RefusalMarker,
  readLegacyMarker,
  refusalAnswerIn,
} from './refusal-marker.ts';
import { mapParts, restoreRefusals } from './restore-refusals.ts';

type Part = { readonly type: string; readonly [key: string]: unknown };
type AnyMessage = { readonly role: string; readonly [key: string]: unknown };
/** What a stored message must have; no index signature, so the `UIMessage` interface fits too. */
type StoredMessage = { readonly role: string };

/**
 * Cleans a stored conversation of every trace of the gate's mechanism, so it reads the same to a
 * model with or without the gate: `UIMessage[]` (from `useChat` or `toUIMessageStream`) or
 * `ModelMessage[]` (from `response.messages`). A refused call gets exactly the `Refused:`/`Not
 * run:` answer as its error text where the AI SDK wrapped it in its invalid-input sentence, and a
 * call stored by toolgate 0.1 (its input wrapped in a `toolgate:refusal` marker) gets the model's
 * own arguments back. Returns the same array when nothing needs cleaning; never mutates.
 *
 * Run it on histories you stored, not on model output: it trusts what it reads.
 *
 * @example
 * const messages = cleanHistory(await loadChat(id));
 */
export function cleanHistory<MESSAGES extends readonly StoredMessage[]>(
  messages: MESSAGES,
): MESSAGES {
  let changed = false;
  // Answers of 0.1 markers, for the tool results after their assistant message only: some
  // servers reuse tool-call ids across turns.
  let answers = new Map<string, string>();
  const errorTexts = errorTextsOfCalls(messages as readonly AnyMessage[]);
  const cleaned = (messages as readonly AnyMessage[]).map((message, index) => {
    if (Array.isArray(message.parts)) {
      const parts = mapParts(message.parts as Part[], cleanUIPart);
      if (parts === message.parts) return message;
      changed = true;
      return { ...message, parts };
    }
    if (!Array.isArray(message.content)) return message;
    const parts = message.content as Part[];
    let content: readonly Part[] = parts;
    if (message.role === 'assistant') {
      answers = new Map();
      content = mapParts(parts, (part) => {
        const marker = part.type === 'tool-call' ? readLegacyMarker(part.input) : undefined;
        const errorText = errorTexts.get(index)?.get(String(part.toolCallId));
        if (marker === undefined || !gateWroteMarker(marker, part.input, errorText)) return part;
        answers.set(String(part.toolCallId), marker.answer);
        return { ...part, input: parseInputObject(marker.input) ?? {} };
      });
    } else if (message.role === 'tool') {
      content = mapParts(parts, (part) => {
        const answer =
          part.type === 'tool-result' ? answers.get(String(part.toolCallId)) : undefined;
        return answer === undefined
          ? part
          : { ...part, output: { type: 'error-text', value: answer } };
      });
    }
    if (content === parts) return message;
    changed = true;
    return { ...message, content };
  });
  return restoreRefusals(
    (changed ? cleaned : messages) as unknown as Parameters<typeof restoreRefusals>[0],
  ) as unknown as MESSAGES;
}

/** A UI tool part (`tool-<name>` or `dynamic-tool`) without gate internals. */
function cleanUIPart(part: Part): Part {
  if (!part.type.startsWith('tool-') && part.type !== 'dynamic-tool') return part;
  const marker = readLegacyMarker(part.input);
  if (marker !== undefined && gateWroteMarker(marker, part.input, part.errorText)) {
    return { ...part, input: parseInputObject(marker.input) ?? {}, errorText: marker.answer };
  }
  if (typeof part.errorText === 'string') {
    const answer = refusalAnswerIn(part.errorText);
    if (answer !== undefined && answer !== part.errorText) return { ...part, errorText: answer };
  }
  return part;
}

/**
 * Whether a stored call's marker is the gate's, not arguments a model sent in its shape: the call
 * failed (a model's arguments that ran have a result, not an error) with the error the AI SDK
 * wrote for that marker. For 0.1's object marker that error quotes it and holds the marker's
 * own answer (or none); arguments in that shape that this version refused hold this version's
 * answer about them instead. For the text a refused provider tool call is handed on with, the
 * error holds the marker's own answer.
 */
function gateWroteMarker(marker: RefusalMarker, input: unknown, errorText: unknown): boolean {
  if (typeof errorText !== 'string') return false;
  const answer = refusalAnswerIn(errorText);
  return isUnparsableRefusalText(input)
    ? answer === marker.answer
    : errorText.includes(legacyMarkerKey) && (answer === undefined || answer === marker.answer);
}

/**
 * The error text of each call's result, by the index of the assistant message that made the
 * call and its id; `undefined` for a result that is not an error.
 */
function errorTextsOfCalls(
  messages: readonly AnyMessage[],
): Map<number, Map<string, string | undefined>> {
  const byAssistant = new Map<number, Map<string, string | undefined>>();
  let results: Map<string, string | undefined> | undefined;
  messages.forEach((message, index) => {
    if (message.role === 'assistant') {
      results = new Map();
      byAssistant.set(index, results);
      return;
    }
    if (message.role !== 'tool' || !Array.isArray(message.content) || results === undefined) {
      return;
    }
    for (const part of message.content as Part[]) {
      if (part.type !== 'tool-result') continue;
      const output = part.output as { type?: unknown; value?: unknown } | undefined;
      const errorText =
        output?.type === 'error-text' && typeof output.value === 'string'
          ? output.value
          : undefined;
      results.set(String(part.toolCallId), errorText);
    }
  });
  return byAssistant;
}
