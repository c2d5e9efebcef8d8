import type { ToolRefusal } from './tool-refusal.ts';

/** A refused call's verdict, with the input exactly as the model sent it (JSON text). */
export type UnparsableRefusal = ToolRefusal & { readonly input: string };

const unparsablePrefix = 'toolgate:refused ';

/**
 * What a refused call of a provider-defined tool is handed on with. The gate cannot see whether
 * the app passed such a tool wrapped, so the call gets input that no JSON parser accepts (the SDK
 * then cannot run it, whatever the tool), carrying the verdict for the next request.
 */
export function unparsableRefusalText(refusal: UnparsableRefusal): string {
  return `${unparsablePrefix}${JSON.stringify(refusal)}`;
}

/**
 * The error the AI SDK writes when such text fails to parse, whole: `Invalid input for tool …:
 * JSON parsing failed: Text: toolgate:refused {…}.\nError message: …`. Anchored at both ends, so
 * the text quoted inside another error (a tool's own, quoting a model's arguments) is not read.
 * JSON text holds no raw line break, so the quoted text ends at the first one.
 */
const sdkParseErrorText =
  /^(?:AI_InvalidToolInputError: )?Invalid input for tool [^\n]*?: (?:AI_JSONParseError: )?JSON parsing failed: Text: (toolgate:refused [^\n]*)\.\nError message: [\s\S]*$/;

/**
 * The text a refused provider-defined tool call was handed on with, as the AI SDK's error for it
 * quotes it; `undefined` for any other error text.
 */
export function quotedUnparsableRefusalText(errorText: string): string | undefined {
  return sdkParseErrorText.exec(errorText)?.[1];
}

/** The verdict such text carries; `undefined` for any other input. */
export function readUnparsableRefusalText(input: unknown): UnparsableRefusal | undefined {
  if (typeof input !== 'string' || !input.startsWith(unparsablePrefix)) return undefined;
  let refusal: unknown;
  try {
    refusal = JSON.parse(input.slice(unparsablePrefix.length));
  } catch {
    return undefined;
  }
  if (typeof refusal !== 'object' || refusal === null) return undefined;
  const { code, answer, input: original } = refusal as Record<string, unknown>;
  if ((code !== 'arguments' && code !== 'turn') || typeof answer !== 'string') return undefined;
  return { code, answer, input: typeof original === 'string' ? original : '{}' };
}
