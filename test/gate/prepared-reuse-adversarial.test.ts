import {
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModelMiddleware,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Schema = {
  required?: string[];
  additionalProperties?: boolean;
  properties: Record<string, { type?: unknown; enum?: unknown[] }>;
};

/** A middleware placed after the gate that edits, in place, each function tool schema it is sent. */
function editing(edit: (schema: Schema) => void): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => {
      for (const sent of params.tools ?? []) {
        if (sent.type === 'function') edit(sent.inputSchema as unknown as Schema);
      }
      return params;
    },
  };
}

function weather() {
  let runs = 0;
  const weatherTool = tool({
    inputSchema: jsonSchema<{ city: string; unit?: string }>({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
      additionalProperties: false,
    }),
    execute: async () => {
      runs++;
      return 'sunny';
    },
  });
  return { weatherTool, runs: () => runs };
}

async function loop({
  provider,
  middleware,
  inputs,
  overrides,
}: {
  provider: string;
  middleware: LanguageModelMiddleware[];
  inputs: unknown[];
  overrides?: Record<string, Record<string, { enum?: unknown[]; value?: unknown }>>;
}) {
  const { weatherTool, runs } = weather();
  const gate = toolGate({ tools: { weather: weatherTool }, overrides });
  const model = new MockLanguageModelV4({
    provider,
    doGenerate: [
      ...inputs.map((input, index) => toolTurn([call(`call-${index}`, 'weather', input)])),
      textTurn('done'),
    ],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: [gate.middleware, ...middleware] }),
    tools: gate.tools,
    prompt: 'weather?',
    stopWhen: isStepCount(inputs.length + 1),
  });
  return { result, model, runs: runs() };
}

describe('a tool sent as offered (not as a sealed strict conversion), edited by a middleware after the gate', () => {
  it('should still refuse a call missing a required parameter or adding one, on a non-strict provider', async () => {
    const { runs } = await loop({
      provider: 'ollama.chat',
      middleware: [
        editing((schema) => {
          delete schema.required;
          schema.additionalProperties = true;
        }),
      ],
      inputs: [{ unit: 'celsius' }, { city: 'x', other: 1 }],
    });
    expect(runs).toBe(0);
  });

  it('should still refuse a value outside the enum the app declared', async () => {
    const { runs } = await loop({
      provider: 'ollama.chat',
      middleware: [editing((schema) => schema.properties.unit?.enum?.push('kelvin'))],
      inputs: [{ city: 'x', unit: 'kelvin' }],
    });
    expect(runs).toBe(0);
  });

  it('should still refuse a value outside an override enum', async () => {
    const { runs } = await loop({
      provider: 'ollama.chat',
      overrides: { weather: { unit: { enum: ['celsius'] } } },
      middleware: [editing((schema) => schema.properties.unit?.enum?.push('fahrenheit'))],
      inputs: [{ city: 'x', unit: 'fahrenheit' }],
    });
    expect(runs).toBe(0);
  });

  it('should still refuse a property added to the schema stripped for Mistral', async () => {
    const { runs } = await loop({
      provider: 'mistral.chat',
      middleware: [editing((schema) => (schema.properties.injected = { type: 'string' }))],
      inputs: [{ city: 'x', injected: 'y' }],
    });
    expect(runs).toBe(0);
  });
});

describe('the warnings of a step offering the tools of the last request again', () => {
  it('should be its own: an edit of those of an earlier step does not reach it', async () => {
    const { weatherTool } = weather();
    // Past Anthropic's strict budget, so each request has a warning.
    const names = Array.from({ length: 22 }, (_, index) => (index === 0 ? 'weather' : `t${index}`));
    const gate = toolGate({ tools: Object.fromEntries(names.map((name) => [name, weatherTool])) });
    // Before the gate: marks the warnings each step gets, in place.
    const marking: LanguageModelMiddleware = {
      specificationVersion: 'v4',
      wrapGenerate: async ({ doGenerate }) => {
        const result = await doGenerate();
        for (const warning of result.warnings) {
          if (warning.type === 'other') warning.message = `[app] ${warning.message}`;
        }
        return result;
      },
    };
    const model = new MockLanguageModelV4({
      provider: 'anthropic.messages',
      doGenerate: [toolTurn([call('call-1', 'weather', { city: 'x' })]), textTurn('done')],
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: [marking, gate.middleware] }),
      tools: gate.tools,
      prompt: 'weather?',
      stopWhen: isStepCount(2),
    });
    const messages = result.steps.map((step) =>
      step.warnings?.map((warning) => (warning as { message?: string }).message),
    );
    expect(messages).toHaveLength(2);
    for (const stepMessages of messages) {
      expect(stepMessages).toEqual([
        expect.stringMatching(/^\[app\] toolgate: anthropic takes fewer/),
      ]);
    }
  });
});
