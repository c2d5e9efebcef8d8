import {
  quotedUnparsableRefusalText,
  readUnparsableRefusalText,
} from './unparsable-refusal-text.ts';

const sdkInvalidInputText =
  /^(?:AI_InvalidToolInputError: )?Invalid input for tool .*?: (?:AI_TypeValidationError: )?Type validation failed: Value: .*?\.\nError message: (?:ToolRefusalError: )?((?:Refused: |Not run: )[\s\S]*)$/;

/**
 * The gate's answer inside an error text: the text itself when it is one, the answer the AI SDK
 * wrapped in its invalid-input sentence (`Invalid input for tool …: Type validation failed:
 * Value: ….\nError message: Refused: …`) when the tools were used without `gate.repairToolCall`,
 * or the answer a refused provider-defined tool call was handed on with, in the SDK's sentence
 * for text that does not parse (see `unparsableRefusalText`).
 */
export function refusalAnswerIn(text: string): string | undefined {
  if (text.startsWith('Refused: ') || text.startsWith('Not run: ')) return text;
  const wrapped = sdkInvalidInputText.exec(text)?.[1];
  if (wrapped !== undefined) return wrapped;
  return readUnparsableRefusalText(quotedUnparsableRefusalText(text))?.answer;
}
