import {
  convertToModelMessages,
  generateText,
  isStepCount,
  jsonSchema,
  readUIMessageStream,
  streamText,
  tool,
  type UIMessage,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanHistory, toolGate } from '../../src/index.ts';
import { call, promptToolResults, resultText, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * What the app sees of a loop (every UI message stream chunk, every step as `onStepFinish` gets
 * it, `steps`, the response messages) holds the model's arguments and the gate's answers, never
 * the gate's mechanism: no call reference, no marker, for refused and passed calls alike, while
 * streaming and at the end. The UI messages, stored as JSON and cleaned, read to a model without
 * the gate as the gated prompt read.
 */

const internals = /toolgate:/;

function makeTools() {
  return {
    weather: tool({
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => `sunny in ${city}`,
    }),
    // As an MCP client hands a server's tool over: JSON Schema, no validator.
    remote: tool({
      inputSchema: jsonSchema({ type: 'object', additionalProperties: true }),
      execute: async () => 'remote ok',
    }),
  };
}

const refusedTurn = [call('c1', 'weather', { city: true }), call('c2', 'remote', { a: 1 })];
const passedTurn = [call('d1', 'weather', { city: 'Rome' }), call('d2', 'remote', { a: 2 })];

describe.each([true, false])('what the app sees, repairToolCall: %s', (repair) => {
  it('streamText: no chunk, step or message holds gate internals', async () => {
    const gate = toolGate({ tools: makeTools() });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(refusedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn(passedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });
    const seen: string[] = [];

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      ...(repair ? { repairToolCall: gate.repairToolCall() } : {}),
      prompt: 'weather',
      stopWhen: isStepCount(4),
      onStepFinish: (step) => void seen.push(JSON.stringify(step.content)),
    });
    const [forChunks, forMessages] = result.toUIMessageStream().tee();
    const chunks = (async () => {
      for await (const chunk of forChunks) seen.push(JSON.stringify(chunk));
    })();
    let message: UIMessage | undefined;
    for await (const read of readUIMessageStream({ stream: forMessages })) {
      seen.push(JSON.stringify(read));
      message = read;
    }
    await chunks;
    seen.push(JSON.stringify((await result.steps).map((step) => step.content)));
    seen.push(JSON.stringify(await result.responseMessages));

    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((text) => internals.test(text))).toEqual([]);

    // Refused calls show the model's arguments; passed ones the judged input and the output.
    const toolParts = (message?.parts ?? []).flatMap((part) =>
      part.type.startsWith('tool-') ? [part as { toolCallId: string; input: unknown }] : [],
    );
    expect(toolParts.map(({ toolCallId, input }) => [toolCallId, input])).toEqual([
      ['c1', { city: true }],
      ['c2', { a: 1 }],
      ['d1', { city: 'Rome' }],
      ['d2', { a: 2 }],
    ]);

    // Stored as JSON, cleaned, and sent to a model without the gate: it reads what the gated
    // model read before its last turn.
    const stored = cleanHistory(
      JSON.parse(
        JSON.stringify([
          { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'weather' }] },
          message,
        ]),
      ) as UIMessage[],
    );
    const errorTexts = stored.flatMap((stored) =>
      stored.parts.flatMap((part) =>
        'errorText' in part && typeof part.errorText === 'string' ? [part.errorText] : [],
      ),
    );
    expect(errorTexts.map((text) => text.slice(0, 8))).toEqual(['Refused:', 'Not run:']);
    const plain = new MockLanguageModelV4({ doGenerate: [textTurn('plain')] });
    await generateText({ model: plain, messages: await convertToModelMessages(stored) });
    const gatedResults = promptToolResults(model.doStreamCalls[2]?.prompt ?? []);
    const plainResults = promptToolResults(plain.doGenerateCalls[0]?.prompt ?? []);
    expect(plainResults.map(resultText)).toEqual(gatedResults.map(resultText));
  });

  it('generateText: no step or message holds gate internals', async () => {
    const gate = toolGate({ tools: makeTools() });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(refusedTurn), toolTurn(passedTurn), textTurn('done')],
    });
    const seen: string[] = [];

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      ...(repair ? { repairToolCall: gate.repairToolCall() } : {}),
      prompt: 'weather',
      stopWhen: isStepCount(4),
      onStepFinish: (step) =>
        void seen.push(JSON.stringify([step.content, step.toolCalls, step.toolResults])),
    });
    seen.push(JSON.stringify(result.steps.map((step) => step.content)));
    seen.push(JSON.stringify(result.responseMessages));

    expect(seen).toHaveLength(5);
    expect(seen.filter((text) => internals.test(text))).toEqual([]);
    const calls = result.steps.flatMap((step) =>
      step.content.flatMap((part) =>
        part.type === 'tool-call' || part.type === 'tool-error'
          ? [[part.type, part.toolCallId, part.input]]
          : [],
      ),
    );
    expect(calls).toEqual([
      ['tool-call', 'c1', { city: true }],
      ['tool-call', 'c2', { a: 1 }],
      ['tool-error', 'c1', { city: true }],
      ['tool-error', 'c2', { a: 1 }],
      ['tool-call', 'd1', { city: 'Rome' }],
      ['tool-call', 'd2', { a: 2 }],
    ]);
  });
});
