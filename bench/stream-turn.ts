/**
 * The streamed turn the stream benchmarks share: a strict provider (`openai.responses`) answers
 * with 5,000 text deltas, then 3 calls of one tool with their input deltas, then `finish`; the
 * app's `streamText` executes the calls.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { jsonSchema, type LanguageModel, streamText, type ToolSet, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

export const textDeltas = 5000;
export const toolCalls = 3;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The app's tools: one function tool with a JSON Schema. */
export function streamTurnTools(): ToolSet {
  return {
    weather: tool({
      inputSchema: jsonSchema<{ city: string; unit?: string }>({
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name.' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['city'],
        additionalProperties: false,
      }),
      execute: async ({ city }) => `sunny in ${city}`,
    }),
  };
}

function streamTurnParts(): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'text' },
  ];
  for (let index = 0; index < textDeltas; index++) {
    parts.push({ type: 'text-delta', id: 'text', delta: 'word ' });
  }
  parts.push({ type: 'text-end', id: 'text' });
  for (let index = 0; index < toolCalls; index++) {
    const id = `call-${index}`;
    const input = JSON.stringify({ city: `City ${index}` });
    parts.push(
      { type: 'tool-input-start', id, toolName: 'weather' },
      { type: 'tool-input-delta', id, delta: input },
      { type: 'tool-input-end', id },
      { type: 'tool-call', toolCallId: id, toolName: 'weather', input },
    );
  }
  parts.push({ type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage });
  return parts;
}

/** How many parts one turn's stream has. */
export const streamTurnLength = streamTurnParts().length;

/** A model whose every stream is the turn, all of it queued from the start. */
export function streamTurnModel(): MockLanguageModelV4 {
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    provider: 'openai.responses',
    doStream: async () => {
      // The mock records every call; forget them, so neither arm pays for a growing heap.
      model.doStreamCalls.length = 0;
      const parts = streamTurnParts();
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
  return model;
}

/** One `streamText` of the turn, read to its end; throws unless every call ran. */
export function runStreamTurn(model: LanguageModel, tools: ToolSet): () => Promise<void> {
  return async () => {
    const result = streamText({ model, tools, prompt: 'weather?' });
    await result.consumeStream();
    const results = await result.toolResults;
    if (results.length !== toolCalls) {
      throw new Error(`${results.length} tool results instead of ${toolCalls}`);
    }
  };
}
