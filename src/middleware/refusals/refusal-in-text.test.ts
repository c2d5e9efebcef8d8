import { describe, expect, it } from 'vitest';
import {
  busyAnswer,
  expiredAnswer,
  lateCallAnswer,
  notRunAnswer,
  refusedAnswer,
  tooLargeTurnAnswer,
} from '../../checker/refusal-texts.ts';
import { refusalInText } from './refusal-in-text.ts';
import { unparsableRefusalText } from './unparsable-refusal-text.ts';

const refused = refusedAnswer({ toolName: 'pay', mismatches: [], mismatchCount: 0 });
const notRun = [
  notRunAnswer({ refusedToolNames: ['pay'] }),
  tooLargeTurnAnswer({ callCount: 300, maxCalls: 256 }),
  busyAnswer,
  lateCallAnswer,
  expiredAnswer,
];

describe('refusalInText', () => {
  it('should read every answer the checker writes, with its code', () => {
    expect(refusalInText(refused)).toEqual({ code: 'arguments', answer: refused });
    for (const answer of notRun) expect(refusalInText(answer)).toEqual({ code: 'turn', answer });
  });

  it('should read the answer inside the SDK invalid-input sentence', () => {
    const wrapped = `Invalid input for tool pay: Type validation failed: Value: {"amount":"all"}.\nError message: ToolRefusalError: ${refused}`;
    expect(refusalInText(wrapped)).toEqual({ code: 'arguments', answer: refused });
  });

  it('should read the verdict a refused provider-defined tool call was handed on with', () => {
    const input = unparsableRefusalText({ code: 'turn', answer: busyAnswer, input: '{}' });
    const error = `Invalid input for tool web_search: JSON parsing failed: Text: ${input}.\nError message: Unexpected token`;
    expect(refusalInText(error)).toEqual({ code: 'turn', answer: busyAnswer });
  });

  it('should read nothing from other texts, or an answer quoted inside one', () => {
    expect(refusalInText('the tool failed')).toBeUndefined();
    expect(refusalInText(`upstream said: ${refused}`)).toBeUndefined();
    expect(
      refusalInText(
        'Invalid input for tool pay: Type validation failed: Value: {}.\nError message: amount is required',
      ),
    ).toBeUndefined();
  });
});
