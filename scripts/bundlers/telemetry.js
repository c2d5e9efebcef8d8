// The gate's telemetry in a bundle, when the app has @opentelemetry/api: a turn with a refused call
// runs inside a span of the app's own, and the gate must put its refusal events on it. A minimal
// context manager on AsyncLocalStorage stands in for the SDK's. Prints one JSON line for run.ts.
import { AsyncLocalStorage } from 'node:async_hooks';
import { context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { toolGate } from 'toolgate';
import { z } from 'zod';

const storage = new AsyncLocalStorage();
context.setGlobalContextManager({
  active: () => storage.getStore() ?? ROOT_CONTEXT,
  with: (active, fn, thisArg, ...args) => storage.run(active, () => fn.call(thisArg, ...args)),
  bind: (_active, target) => target,
  enable() {
    return this;
  },
  disable() {
    return this;
  },
});

const events = [];
let refusedIds;
const span = {
  spanContext: () => ({ traceId: '1'.repeat(32), spanId: '1'.repeat(16), traceFlags: 1 }),
  setAttribute(key, value) {
    if (key === 'toolgate.refused_tool_call_ids') refusedIds = value;
    return this;
  },
  setAttributes() {
    return this;
  },
  addEvent(name, attributes) {
    events.push(`${name} ${attributes['gen_ai.tool.call.id']} ${attributes['gen_ai.tool.name']}`);
    return this;
  },
  addLink() {
    return this;
  },
  addLinks() {
    return this;
  },
  setStatus() {
    return this;
  },
  updateName() {
    return this;
  },
  end() {},
  isRecording: () => true,
  recordException() {},
};

const weather = tool({
  inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) }),
  execute: async ({ city }) => `sunny in ${city}`,
});
const gate = toolGate({ tools: { weather } });
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const model = new MockLanguageModelV4({
  provider: 'openai.responses',
  doGenerate: [
    {
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'weather',
          input: '{"city":"Paris","unit":"kelvin"}',
        },
        {
          type: 'tool-call',
          toolCallId: 'call_2',
          toolName: 'weather',
          input: '{"city":"Rome","unit":"celsius"}',
        },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    },
    {
      content: [{ type: 'text', text: 'done' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    },
  ],
});

await context.with(trace.setSpan(context.active(), span), () =>
  generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    ...gate.toolSettings(),
    stopWhen: isStepCount(3),
    prompt: 'Weather in Paris and Rome?',
  }),
);
console.log(JSON.stringify({ refusedIds, events }));
