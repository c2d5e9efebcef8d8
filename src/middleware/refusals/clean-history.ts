import { parseInputObject } from './parse-input-object.ts';
import { refusalInText } from './refusal-in-text.ts';
import { errorTextOf, mapParts, type Part, restoreRefusals } from './restore-refusals.ts';
import {
  quotedUnparsableRefusalText,
  readUnparsableRefusalText,
} from './unparsable-refusal-text.ts';

type AnyMessage = { readonly role: string; readonly [key: string]: unknown };
/** What a stored message must have; no index signature, so the `UIMessage` interface fits too. */
type StoredMessage = { readonly role: string };

/**
 * Cleans a stored conversation of every trace of the gate's mechanism, so it reads the same to a
 * model with or without the gate: `UIMessage[]` (from `useChat` or `toUIMessageStream`) or
 * `ModelMessage[]` (from `response.messages`). A refused call gets exactly the `Refused:`/`Not
 * run:` answer as its error text where the AI SDK wrapped it in its invalid-input sentence, and a
 * refused call of a provider-defined tool (handed on with text no parser accepts) gets the
 * model's own arguments back. Returns the same array when nothing needs cleaning; never mutates.
 *
 * Run it on histories you stored, not on model output: it trusts what it reads.
 *
 * @example
 * import type { UIMessage } from 'ai';
 * import { cleanHistory } from 'toolgate';
 *
 * const stored: UIMessage[] = JSON.parse('[]'); // a chat as your store kept it
 * const messages = cleanHistory(stored);
 */
export function cleanHistory<MESSAGES extends readonly StoredMessage[]>(
  messages: MESSAGES,
): MESSAGES {
  let changed = false;
  const errorTexts = errorTextsOfCalls(messages as readonly AnyMessage[]);
  const cleaned = (messages as readonly AnyMessage[]).map((message, index) => {
    if (Array.isArray(message.parts)) {
      const parts = mapParts(message.parts as Part[], cleanUIPart);
      if (parts === message.parts) return message;
      changed = true;
      return { ...message, parts };
    }
    if (message.role !== 'assistant' || !Array.isArray(message.content)) return message;
    const parts = message.content as Part[];
    // The results' error texts are made exact by `restoreRefusals` below.
    const content = mapParts(parts, (part) => {
      if (part.type !== 'tool-call') return part;
      const errorText = errorTexts.get(index)?.get(String(part.toolCallId));
      const refusal = handedOnRefusal(part.input, errorText);
      return refusal === undefined
        ? part
        : { ...part, input: parseInputObject(refusal.input) ?? {} };
    });
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
  const refusal = handedOnRefusal(part.input, part.errorText);
  if (refusal !== undefined) {
    return { ...part, input: parseInputObject(refusal.input) ?? {}, errorText: refusal.answer };
  }
  if (typeof part.errorText === 'string') {
    const answer = refusalInText(part.errorText)?.answer;
    if (answer !== undefined && answer !== part.errorText) return { ...part, errorText: answer };
  }
  return part;
}

/**
 * The verdict a stored call's input carries when the gate handed the call on with it (a refused
 * call of a provider-defined tool, see `unparsableRefusalText`): only where the call failed with
 * the error the AI SDK writes for that very text, never for input alone, which a model writes.
 */
function handedOnRefusal(input: unknown, errorText: unknown) {
  if (typeof input !== 'string' || typeof errorText !== 'string') return undefined;
  return quotedUnparsableRefusalText(errorText) === input
    ? readUnparsableRefusalText(input)
    : undefined;
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
      if (part.type === 'tool-result') results.set(String(part.toolCallId), errorTextOf(part));
    }
  });
  return byAssistant;
}
