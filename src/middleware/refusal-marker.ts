import type { RefusalCode } from '../checker/check-turn.ts';
import { refusalErrorIn } from './refusal-error.ts';

/** The key earlier versions (0.1) wrapped a refused call's input under, in steps and histories. */
export const legacyMarkerKey = 'toolgate:refusal';

/** A refused call's verdict: why, and the answer the model reads. */
export type ToolRefusal = {
  readonly code: RefusalCode;
  readonly answer: string;
};

/** What an earlier version stored in place of a refused call's input. */
export type RefusalMarker = ToolRefusal & {
  /** The input exactly as the model sent it (JSON text). */
  readonly input: string;
};

/**
 * What a refused call of a provider-defined tool is handed on with. The gate cannot see whether
 * the app passed such a tool wrapped, so the call gets input that no JSON parser accepts (the SDK
 * then cannot run it, whatever the tool), carrying the verdict for the next request.
 */
const unparsablePrefix = 'toolgate:refused ';

export function unparsableRefusalText(marker: RefusalMarker): string {
  return `${unparsablePrefix}${JSON.stringify(marker)}`;
}

/** Whether a stored input is such text (the gate's, or a model's imitation of it). */
export function isUnparsableRefusalText(input: unknown): input is string {
  return typeof input === 'string' && input.startsWith(unparsablePrefix);
}

/**
 * The marker an input carries, if it is one: stored by an earlier version (an object under
 * `toolgate:refusal`), or the text a refused provider-defined tool call was handed on with.
 */
export function readLegacyMarker(input: unknown): RefusalMarker | undefined {
  if (typeof input === 'string') {
    if (input.startsWith(unparsablePrefix)) {
      try {
        return readLegacyMarker({
          [legacyMarkerKey]: JSON.parse(input.slice(unparsablePrefix.length)),
        });
      } catch {
        return undefined;
      }
    }
    if (!input.includes(legacyMarkerKey)) return undefined;
    try {
      return readLegacyMarker(JSON.parse(input));
    } catch {
      return undefined;
    }
  }
  if (typeof input !== 'object' || input === null || !Object.hasOwn(input, legacyMarkerKey)) {
    return undefined;
  }
  const marker = (input as Record<string, unknown>)[legacyMarkerKey];
  if (typeof marker !== 'object' || marker === null) return undefined;
  const { code, answer, input: original } = marker as Record<string, unknown>;
  if ((code !== 'arguments' && code !== 'turn') || typeof answer !== 'string') return undefined;
  return { code, answer, input: typeof original === 'string' ? original : '{}' };
}

const sdkInvalidInputText =
  /^(?:AI_InvalidToolInputError: )?Invalid input for tool .*?: (?:AI_TypeValidationError: )?Type validation failed: Value: .*?\.\nError message: (?:ToolRefusalError: )?((?:Refused: |Not run: )[\s\S]*)$/;

/**
 * The gate's answer inside an error text: the text itself when it is one, or the answer the AI
 * SDK wrapped in its invalid-input sentence (`Invalid input for tool …: Type validation failed:
 * Value: ….\nError message: Refused: …`) when the tools were used without `gate.repairToolCall`.
 */
export function refusalAnswerIn(text: string): string | undefined {
  if (text.startsWith('Refused: ') || text.startsWith('Not run: ')) return text;
  const wrapped = sdkInvalidInputText.exec(text)?.[1];
  if (wrapped !== undefined) return wrapped;
  // A refused provider-defined tool call: the SDK quotes the unparsable text in its error.
  const at = text.indexOf(unparsablePrefix);
  const end = text.indexOf('.\nError message: ', at);
  return at < 0 || end < 0 ? undefined : readLegacyMarker(text.slice(at, end))?.answer;
}

/**
 * The refusal a part of a step, of `response.messages` or of a UI message shows, if it shows one:
 * a `tool-call` or `tool-error` part (its error or error text), a UI tool part (`errorText`), an
 * error, or an input stored by an earlier version.
 *
 * @example
 * for (const part of step.content) {
 *   const refusal = refusalOf(part);
 *   if (refusal) console.log(part.toolName, refusal.code, refusal.answer);
 * }
 */
export function refusalOf(part: unknown): ToolRefusal | undefined {
  const legacy = readLegacyMarker(part);
  if (legacy !== undefined) return { code: legacy.code, answer: legacy.answer };
  if (typeof part !== 'object' || part === null) return undefined;
  const error = refusalErrorIn(
    'error' in part && typeof part.error === 'object' ? part.error : part,
  );
  if (error !== undefined) return { code: error.toolRefusal, answer: error.message };
  const fields = part as Record<string, unknown>;
  const legacyInput = readLegacyMarker(fields.input);
  if (legacyInput !== undefined) return { code: legacyInput.code, answer: legacyInput.answer };
  for (const text of [fields.errorText, fields.error, fields.message]) {
    if (typeof text !== 'string') continue;
    const answer = refusalAnswerIn(text);
    if (answer !== undefined) {
      return { code: answer.startsWith('Refused: ') ? 'arguments' : 'turn', answer };
    }
  }
  return undefined;
}

/** A call's input text as an object; `undefined` when it is not a JSON object. */
export function parseInputObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
