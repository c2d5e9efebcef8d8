import { refusalInText } from './refusal-in-text.ts';

/** A part of a message, as the AI SDK's message types and the provider's prompt share it. */
export type Part = { readonly type: string; readonly [key: string]: unknown };
type Message = {
  readonly role: string;
  readonly content: unknown;
  readonly [key: string]: unknown;
};

/**
 * Makes every refused call's result in a model history read exactly as the gate answered it: a
 * tool result that holds the gate's answer inside the AI SDK's invalid-input sentence becomes
 * the answer alone. The middleware applies it to every prompt before it leaves. It reads only
 * error texts the AI SDK wrote, never arguments, so nothing a model sends can change what a later
 * request says happened. Works on the model prompt and on `ModelMessage[]` alike; returns the
 * very same array when there is nothing to change.
 */
export function restoreRefusals<MESSAGES extends readonly Message[]>(messages: MESSAGES): MESSAGES {
  let changed = false;
  const restored = messages.map((message) => {
    if (message.role !== 'tool' || !Array.isArray(message.content)) return message;
    const content = mapParts(message.content as Part[], (part) => {
      const errorText = errorTextOf(part);
      const answer = errorText === undefined ? undefined : refusalInText(errorText)?.answer;
      if (answer === undefined || answer === errorText) return part;
      return { ...part, output: { type: 'error-text', value: answer } };
    });
    if (content === message.content) return message;
    changed = true;
    return { ...message, content };
  });
  return (changed ? restored : messages) as MESSAGES;
}

/** Maps parts copy-on-write: the same array when no part changed. */
export function mapParts(parts: readonly Part[], map: (part: Part) => Part): readonly Part[] {
  let copy: Part[] | undefined;
  parts.forEach((part, index) => {
    const mapped = map(part);
    if (mapped === part) return;
    copy ??= [...parts];
    copy[index] = mapped;
  });
  return copy ?? parts;
}

/** The error text of a tool result; `undefined` for any other part, or a result that is no error. */
export function errorTextOf(part: Part): string | undefined {
  if (part.type !== 'tool-result') return undefined;
  const output = part.output as { type?: unknown; value?: unknown } | undefined;
  return output?.type === 'error-text' && typeof output.value === 'string'
    ? output.value
    : undefined;
}
