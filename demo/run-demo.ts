// Offline demo: replays recordings/openai-responses-refused-then-corrected.json through the real
// @ai-sdk/openai provider (msw answers its HTTP requests; no API key, no network) and prints what
// the model sent, what the gate decided, what ran and the final answer.
//
//   node demo/run-demo.ts

import { createOpenAI } from '@ai-sdk/openai';
import { isStepCount, type LanguageModelMiddleware, streamText, wrapLanguageModel } from 'ai';
import { refusalOf, toolGate } from '../src/index.ts';
import { replayRecording } from '../test/support/replay-recording.ts';
import { weatherTool } from '../test/support/tools.ts';

const recording = 'openai-responses-refused-then-corrected';
const prompt =
  'What is the weather in Paris, Oslo and Tokyo? For Oslo I also need the next 3 days.';

// The tool the recording was written for; `executed` logs the inputs its execute received.
const { getWeather, executed } = weatherTool();
const ran = () => executed.map((input) => (input as { city: string }).city);

// Sits between the gate and the provider, to show each call as the model sent it.
const sentByModel: string[][] = [];
const showRawCalls: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  async wrapStream({ doStream }) {
    const { stream, ...rest } = await doStream();
    const calls: string[] = [];
    sentByModel.push(calls);
    const tap = new TransformStream({
      transform(part, controller) {
        if (part.type === 'tool-call') calls.push(`${part.toolName} ${part.input}`);
        controller.enqueue(part);
      },
    });
    return { ...rest, stream: stream.pipeThrough(tap) };
  },
};

const replay = replayRecording(recording);
const gate = toolGate({ tools: { get_weather: getWeather } });
const openai = createOpenAI({ apiKey: 'offline', baseURL: `${replay.origin}/v1` });
const ranBeforeStep: number[] = [];

const result = streamText({
  model: wrapLanguageModel({
    model: openai.responses('gpt-5-mini'),
    middleware: [gate.middleware, showRawCalls],
  }),
  ...gate.toolSettings(),
  prompt,
  stopWhen: isStepCount(5),
  maxRetries: 0,
  onStepFinish: () => {
    ranBeforeStep.push(executed.length);
  },
});
const steps = await result.steps;
replay.close();
replay.verify();

const indent = (text: string, prefix: string) => text.split('\n').join(`\n${prefix}`);
const out: string[] = [];
out.push(`toolgate demo: recordings/${recording}.json, replayed offline`);
out.push('through @ai-sdk/openai (Responses API, gpt-5-mini) with toolGate in front.', '');
const strictTool = (replay.body(0) as { tools: Array<{ strict: boolean; parameters: object }> })
  .tools[0];
out.push(
  `Tool sent with strict: ${strictTool?.strict}; optional unit/days became nullable and required.`,
);
out.push(`User: ${prompt}`);

steps.forEach((step, index) => {
  out.push('', `Round ${index + 1}`);
  for (const call of sentByModel[index] ?? []) out.push(`  model calls  ${call}`);
  const refused = step.content.flatMap((part) => {
    if (part.type !== 'tool-error') return [];
    const refusal = refusalOf(part);
    return refusal === undefined ? [] : [{ input: part.input, answer: refusal.answer }];
  });
  if (refused.length > 0) {
    out.push(`  gate: turn refused; tool runs so far: ${ranBeforeStep[index]}. The model is told:`);
    for (const { input, answer } of refused) {
      const { city } = input as { city?: string };
      out.push(`    ${city}: ${indent(answer, '      ')}`);
    }
    return;
  }
  if (step.toolResults.length > 0) {
    out.push('  gate: turn passed; nulls decoded, tools ran:');
    for (const { input, output } of step.toolResults) {
      out.push(`    ${JSON.stringify(input)}`, `      => ${JSON.stringify(output)}`);
    }
    return;
  }
  out.push(`  answer: ${step.text}`);
});

out.push('', `${replay.requests.length} requests replayed; tool runs: ${ran().join(', ')}.`);
console.log(out.join('\n'));
