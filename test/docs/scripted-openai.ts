import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { streamTurn, textTurn } from '../gate/helpers.ts';

/** What the next model call does: answer text, hang until aborted, or fail. */
export const script: { next: 'answer' | 'hang' | 'fail' } = { next: 'answer' };

/** A stand-in for `@ai-sdk/openai`'s `openai(modelId)`: a mock model following `script`. */
export function openai(_modelId: string): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async ({ abortSignal }) => {
      if (script.next === 'fail') throw new Error('the provider is down');
      if (script.next === 'hang') {
        await new Promise((_, reject) => {
          if (abortSignal?.aborted) reject(abortSignal.reason);
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
        });
      }
      return textTurn('It is sunny.');
    },
    doStream: async ({ abortSignal }) => {
      if (script.next === 'fail') throw new Error('the provider is down');
      const parts = streamTurn([], 'It is sunny.');
      const hang = script.next === 'hang';
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          const head = hang ? parts.slice(0, 3) : parts;
          for (const part of head) controller.enqueue(part);
          if (!hang) controller.close();
          else if (abortSignal?.aborted) controller.error(abortSignal.reason);
          else abortSignal?.addEventListener('abort', () => controller.error(abortSignal.reason));
        },
      });
      return { stream };
    },
  });
}
