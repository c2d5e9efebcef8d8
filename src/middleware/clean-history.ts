import {
  isCallReference,
  parseInputObject,
  readLegacyMarker,
  refusalAnswerIn,
} from './refusal-marker.ts';
import { restoreRefusals } from './restore-refusals.ts';

type UIPart = { readonly type: string; readonly [key: string]: unknown };
type AnyMessage = { readonly role: string; readonly [key: string]: unknown };

/**
 * Cleans a stored conversation of every trace of the gate's mechanism, so it reads the same to a
 * model with or without the gate: `UIMessage[]` (from `useChat` or `toUIMessageStream`) or
 * `ModelMessage[]` (from `response.messages`). A refused call gets the model's own arguments back
 * and exactly the `Refused:`/`Not run:` answer as its error text, also where an earlier version
 * stored its `toolgate:refusal` marker or where the AI SDK wrapped the answer in its
 * invalid-input sentence. Returns the same array when nothing needs cleaning; never mutates.
 *
 * @example
 * const messages = cleanHistory(await loadChat(id));
 */
export function cleanHistory<MESSAGES extends readonly AnyMessage[]>(messages: MESSAGES): MESSAGES {
  if (!messages.some((message) => Array.isArray(message.parts))) {
    return restoreRefusals(
      messages as unknown as Parameters<typeof restoreRefusals>[0],
    ) as unknown as MESSAGES;
  }
  let changed = false;
  const cleaned = messages.map((message) => {
    if (!Array.isArray(message.parts)) return message;
    let parts: UIPart[] | undefined;
    (message.parts as UIPart[]).forEach((part, index) => {
      const clean = cleanUIPart(part);
      if (clean === part) return;
      parts ??= [...(message.parts as UIPart[])];
      parts[index] = clean;
    });
    if (parts === undefined) return message;
    changed = true;
    return { ...message, parts };
  });
  return (changed ? cleaned : messages) as MESSAGES;
}

/** A UI tool part (`tool-<name>` or `dynamic-tool`) without gate internals. */
function cleanUIPart(part: UIPart): UIPart {
  if (!part.type.startsWith('tool-') && part.type !== 'dynamic-tool') return part;
  const marker = readLegacyMarker(part.input);
  if (marker !== undefined) {
    return { ...part, input: parseInputObject(marker.input) ?? {}, errorText: marker.answer };
  }
  if (isCallReference(part.input)) return { ...part, input: {} };
  if (typeof part.errorText === 'string') {
    const answer = refusalAnswerIn(part.errorText);
    if (answer !== undefined && answer !== part.errorText) return { ...part, errorText: answer };
  }
  return part;
}
