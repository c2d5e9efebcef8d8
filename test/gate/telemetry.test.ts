/**
 * What the gate leaves in OpenTelemetry traces made by `@ai-sdk/otel`, with an in-memory exporter
 * and an AsyncLocalStorage context manager (without one, no span is active anywhere). The gate adds
 * one `toolgate.tool_refusal` event per refused call, and `toolgate.refused_tool_call_ids`, on the
 * span active in the middleware: the model-call span. None of it carries an argument value, so
 * telemetry that records neither inputs nor outputs still shows what was refused, and why, without
 * what the model sent.
 */
import { LegacyOpenTelemetry, OpenTelemetry } from '@ai-sdk/otel';
import type {
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
} from '@ai-sdk/provider';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('toolgate-test');
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(async () => {
  context.disable();
  await provider.shutdown();
});
afterEach(() => {
  exporter.reset();
});

const executed: string[] = [];
const tools = {
  weather: tool({
    description: 'Weather forecast for a city.',
    inputSchema: z.object({ city: z.string(), days: z.number().int() }),
    execute: async ({ city }) => {
      executed.push(`weather ${city}`);
      return 'sunny';
    },
  }),
  search: tool({
    description: 'Search the web.',
    inputSchema: z.object({ query: z.string(), limit: z.number().optional() }),
    execute: async ({ query }) => {
      executed.push(`search ${query}`);
      return 'found';
    },
  }),
};

/** Every value the model sends in the refused turn; none may reach a span. */
const sentValues = ['Zanzibar-7f3a', 'many-9c1e', 'needle-5b2d', '987654321'];

const refusedTurn: LanguageModelV4ToolCall[] = [
  {
    type: 'tool-call',
    toolCallId: 'call-bad',
    toolName: 'weather',
    input: '{"city":"Zanzibar-7f3a","days":"many-9c1e"}',
  },
  {
    type: 'tool-call',
    toolCallId: 'call-sibling',
    toolName: 'search',
    input: '{"query":"needle-5b2d","limit":987654321}',
  },
];
const passedTurn: LanguageModelV4ToolCall[] = [
  {
    type: 'tool-call',
    toolCallId: 'call-ok',
    toolName: 'weather',
    input: '{"city":"Oslo","days":3}',
  },
  {
    type: 'tool-call',
    toolCallId: 'call-ok-2',
    toolName: 'search',
    input: '{"query":"fjords","limit":null}',
  },
];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function generateResult(calls: LanguageModelV4ToolCall[]): LanguageModelV4GenerateResult {
  return calls.length === 0
    ? {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      }
    : {
        content: calls,
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
}

function streamParts(calls: LanguageModelV4ToolCall[]): LanguageModelV4StreamPart[] {
  if (calls.length === 0) {
    return [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'done' },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
    ];
  }
  return [
    { type: 'stream-start', warnings: [] },
    ...calls.flatMap((call): LanguageModelV4StreamPart[] => [
      { type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName },
      { type: 'tool-input-delta', id: call.toolCallId, delta: call.input },
      { type: 'tool-input-end', id: call.toolCallId },
      call,
    ]),
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
  ];
}

type Mode = 'generateText' | 'streamText';
type Integration = typeof OpenTelemetry | typeof LegacyOpenTelemetry;

/** Runs one loop: the given tool-call turn, then a text answer. */
async function runLoop({
  mode,
  integration,
  turn,
  record = false,
}: {
  mode: Mode;
  integration: Integration;
  turn: LanguageModelV4ToolCall[];
  record?: boolean;
}): Promise<ReadableSpan[]> {
  const gate = toolGate({ tools });
  const turns = [turn, []];
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async () => generateResult(turns.shift() ?? []),
    doStream: async () => ({
      stream: convertArrayToReadableStream(streamParts(turns.shift() ?? [])),
    }),
  });
  const options = {
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    stopWhen: isStepCount(3),
    prompt: 'What is the weather?',
    telemetry: {
      isEnabled: true,
      recordInputs: record,
      recordOutputs: record,
      integrations: [new integration({ tracer })],
    },
  };
  if (mode === 'generateText') {
    const result = await generateText(options);
    expect(result.text).toBe('done');
  } else {
    const result = streamText(options);
    // Read the stream from the test's own (root) context, outside every span, as an app's
    // response handler would: the refusal events must not depend on who pulls the stream.
    await context.with(ROOT_CONTEXT, async () => {
      for await (const _part of result.fullStream) {
        // drain
      }
    });
    expect(await result.text).toBe('done');
  }
  return exporter.getFinishedSpans();
}

/** Everything a span exports that could carry a value, as text. */
function exportedText(span: ReadableSpan): string {
  return JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    events: span.events.map(({ name, attributes }) => ({ name, attributes })),
    links: span.links.map(({ attributes }) => attributes),
    status: span.status,
    resource: span.resource.attributes,
  });
}

function refusalEvents(spans: ReadableSpan[]) {
  return spans.flatMap((span) =>
    span.events
      .filter((event) => event.name === 'toolgate.tool_refusal')
      .map((event) => ({ span: span.name, attributes: event.attributes })),
  );
}

/** The model-call span's name under each integration and mode. */
function modelCallSpan(integration: Integration, mode: Mode): string {
  if (integration === OpenTelemetry) return 'chat mock-model-id';
  return mode === 'generateText' ? 'ai.generateText.doGenerate' : 'ai.streamText.doStream';
}

const integrations: Array<[string, Integration]> = [
  ['OpenTelemetry', OpenTelemetry],
  ['LegacyOpenTelemetry', LegacyOpenTelemetry],
];
const modes: Mode[] = ['generateText', 'streamText'];

describe.each(integrations)('telemetry through @ai-sdk/otel %s', (_name, integration) => {
  describe.each(modes)('%s', (mode) => {
    it('puts one refusal event per refused call on the model-call span', async () => {
      executed.length = 0;
      const spans = await runLoop({ mode, integration, turn: refusedTurn });

      expect(executed).toEqual([]);
      expect(refusalEvents(spans)).toEqual([
        {
          span: modelCallSpan(integration, mode),
          attributes: {
            'gen_ai.tool.call.id': 'call-bad',
            'gen_ai.tool.name': 'weather',
            'toolgate.tool_refusal': 'arguments',
            'toolgate.mismatch_codes': ['type'],
          },
        },
        {
          span: modelCallSpan(integration, mode),
          attributes: {
            'gen_ai.tool.call.id': 'call-sibling',
            'gen_ai.tool.name': 'search',
            'toolgate.tool_refusal': 'turn',
            'toolgate.mismatch_codes': [],
          },
        },
      ]);
      const withIds = spans.filter((span) =>
        Object.hasOwn(span.attributes, 'toolgate.refused_tool_call_ids'),
      );
      expect(withIds.map((span) => span.name)).toEqual([modelCallSpan(integration, mode)]);
      expect(withIds[0]?.attributes['toolgate.refused_tool_call_ids']).toEqual([
        'call-bad',
        'call-sibling',
      ]);
      // Refused calls never run, so no tool span exists for them.
      expect(
        spans.map((span) => span.name).filter((name) => /execute_tool|toolCall/.test(name)),
      ).toEqual([]);
    });

    it('exports no argument value the model sent when inputs and outputs are not recorded', async () => {
      const spans = await runLoop({ mode, integration, turn: refusedTurn });
      expect(spans.length).toBeGreaterThan(0);
      for (const span of spans) {
        const text = exportedText(span);
        for (const value of sentValues) expect(text, span.name).not.toContain(value);
      }
    });

    it('finds the values when recording is on (the search above can see them)', async () => {
      const spans = await runLoop({ mode, integration, turn: refusedTurn, record: true });
      const text = spans.map(exportedText).join('\n');
      for (const value of sentValues) expect(text).toContain(value);
      // Recorded as arguments, never as the references the gate hands the SDK.
      expect(text).not.toContain('toolgate:call');
    });

    it('leaves no toolgate trace on a passed turn', async () => {
      executed.length = 0;
      const spans = await runLoop({ mode, integration, turn: passedTurn });

      expect(executed.sort()).toEqual(['search fjords', 'weather Oslo']);
      for (const span of spans) {
        expect(span.events.filter((event) => event.name.startsWith('toolgate'))).toEqual([]);
        expect(Object.keys(span.attributes).filter((key) => key.startsWith('toolgate'))).toEqual(
          [],
        );
      }
      // The calls ran as usual, each in its own tool span.
      const toolSpans = spans.filter((span) => /execute_tool|ai\.toolCall/.test(span.name));
      expect(toolSpans).toHaveLength(2);
    });
  });
});
