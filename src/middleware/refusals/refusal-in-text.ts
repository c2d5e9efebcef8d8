import type { RefusalCode } from '../../checker/check-turn.ts';
import { answerPrefixes } from '../../checker/refusal-texts.ts';
import type { ToolRefusal } from './tool-refusal.ts';
import {
  quotedUnparsableRefusalText,
  readUnparsableRefusalText,
} from './unparsable-refusal-text.ts';

const sdkInvalidInputText =
  /^(?:AI_InvalidToolInputError: )?Invalid input for tool .*?: (?:AI_TypeValidationError: )?Type validation failed: Value: .*?\.\nError message: (?:ToolRefusalError: )?([\s\S]*)$/;

const refusalCodes = Object.keys(answerPrefixes) as RefusalCode[];

/**
 * The gate's refusal inside an error text: the text itself when it is an answer, the answer the AI
 * SDK wrapped in its invalid-input sentence (`Invalid input for tool …: Type validation failed:
 * Value: ….\nError message: Refused: …`) when the tools were used without `gate.repairToolCall`,
 * or the verdict a refused provider-defined tool call was handed on with, in the SDK's sentence
 * for text that does not parse (see `unparsableRefusalText`).
 */
export function refusalInText(text: string): ToolRefusal | undefined {
  const answer = sdkInvalidInputText.exec(text)?.[1] ?? text;
  const code = refusalCodes.find((candidate) => answer.startsWith(answerPrefixes[candidate]));
  if (code !== undefined) return { code, answer };
  const handedOn = readUnparsableRefusalText(quotedUnparsableRefusalText(text));
  return handedOn === undefined ? undefined : { code: handedOn.code, answer: handedOn.answer };
}
