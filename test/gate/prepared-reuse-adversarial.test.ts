import { openai } from '@ai-sdk/openai';
import {
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModelMiddleware,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toolGate } from '../../src/index.ts';
import { call, offeredTools, textTurn, toolTurn } from './helpers.ts';

/**
 * What a gate works out for a tool list and keeps for the next request offering it again, under
 * hostile neighbours: a middleware after the gate editing the schemas it is sent, an app editing
 * the warnings it gets, one wrapped tool under two names, concurrent loops, providers whose strict
 * mode is per request (Anthropic's budget) or all or nothing (Cerebras).
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Schema = {
  required?: string[];
  additionalProperties?: boolean;
  properties: Record<string, { type?: unknown; enum?: unknown[] }>;
};

/**
 * A middleware placed after the gate that sends each function tool it is sent as offered with an
 * edited copy of its schema (the schema itself is frozen: an edit in place throws, see below).
 */
function editing(edit: (schema: Schema) => void): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => {
      for (const sent of params.tools ?? []) {
        if (sent.type === 'function' && sent.strict !== true) {
          const copy = structuredClone(sent.inputSchema) as unknown as Schema;
          edit(copy);
          (sent as { inputSchema: unknown }).inputSchema = copy;
        }
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

/** Another gate converts the weather schema for a strict provider, so its conversion is cached. */
async function convertWeatherElsewhere() {
  const other = toolGate({ tools: { weather: weather().weatherTool } });
  await generateText({
    model: wrapLanguageModel({
      model: new MockLanguageModelV4({ provider: 'openai.responses', doGenerate: textTurn('hi') }),
      middleware: other.middleware,
    }),
    tools: other.tools,
    prompt: 'weather?',
  });
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

describe('a tool sent as offered (not as a strict conversion), changed by a middleware after the gate', () => {
  it('should be sent frozen, so no middleware edits what calls are judged by in place', async () => {
    const attempts: string[] = [];
    await loop({
      provider: 'ollama.chat',
      middleware: [
        {
          specificationVersion: 'v4',
          transformParams: async ({ params }) => {
            const [sent] = params.tools ?? [];
            const schema = (sent as { inputSchema: Schema }).inputSchema;
            for (const [name, edit] of Object.entries({
              object: () => {
                schema.additionalProperties = true;
              },
              list: () => schema.properties.unit?.enum?.push('kelvin'),
            })) {
              try {
                edit();
                attempts.push(`${name} edited`);
              } catch (error) {
                attempts.push(`${name} ${(error as Error).name}`);
              }
            }
            return params;
          },
        },
      ],
      inputs: [],
    });
    expect(attempts).toEqual(['object TypeError', 'list TypeError']);
  });

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

describe('one wrapped tool offered under two names with options of their own', () => {
  it('should decode and judge each name by its own defaults and overrides as `activeTools` switch', async () => {
    const received: Array<{ name: string; input: unknown }> = [];
    const weatherTool = tool({
      inputSchema: jsonSchema<{ city: string; unit?: string }>({
        type: 'object',
        properties: {
          city: { type: 'string' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['city'],
        additionalProperties: false,
      }),
    });
    const gate = toolGate({
      tools: { here: weatherTool, there: weatherTool },
      defaults: { here: { unit: 'celsius' }, there: { unit: 'fahrenheit' } },
      overrides: { there: { city: { enum: ['Paris'] } } },
    });
    const tools = Object.fromEntries(
      (['here', 'there'] as const).map((name) => [
        name,
        {
          // The same wrapped tool, schema object and all, under both names.
          ...gate.tools.here,
          execute: async (input: unknown) => {
            received.push({ name, input });
            return 'ok';
          },
        },
      ]),
    );
    // Per step: the one tool offered and the call the model makes (Rome is refused for "there").
    const steps = [
      ['here', 'Rome'],
      ['there', 'Paris'],
      ['there', 'Rome'],
      ['here', 'Rome'],
    ] as const;
    for (const provider of ['openai.responses', 'ollama.chat']) {
      received.length = 0;
      const model = new MockLanguageModelV4({
        provider,
        doGenerate: [
          ...steps.map(([name, city], index) =>
            toolTurn([call(`call-${index}`, name, { city, unit: null })]),
          ),
          textTurn('done'),
        ],
      });
      await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools,
        prompt: 'weather?',
        prepareStep: ({ stepNumber }) => ({
          activeTools: [steps[stepNumber]?.[0] ?? 'here'],
        }),
        stopWhen: isStepCount(steps.length + 1),
      });
      expect(received).toEqual([
        { name: 'here', input: { city: 'Rome', unit: 'celsius' } },
        { name: 'there', input: { city: 'Paris', unit: 'fahrenheit' } },
        { name: 'here', input: { city: 'Rome', unit: 'celsius' } },
      ]);
    }
  });
});

describe('concurrent loops offering tools of one name with different schemas', () => {
  it('should judge each loop by its own schema while the last preparation keeps changing hands', async () => {
    const gate = toolGate();
    const ran: string[] = [];
    const toolsFor = (loop: number) => {
      const byLines = loop % 2 === 0;
      return gate.wrapTools({
        read: tool({
          inputSchema: jsonSchema<Record<string, unknown>>({
            type: 'object',
            properties: byLines
              ? { path: { type: 'string' }, lines: { type: 'integer' } }
              : { path: { type: 'string' }, encoding: { type: 'string' } },
            required: ['path'],
            additionalProperties: false,
          }),
          execute: async (input) => {
            ran.push(`${loop} ${JSON.stringify(input)}`);
            return 'ok';
          },
        }),
      });
    };
    // Each loop's turns: one that fits its schema (a null placeholder), one that fits the other's.
    const turns = (loop: number) =>
      loop % 2 === 0
        ? [
            { path: `/${loop}`, lines: null },
            { path: `/${loop}`, encoding: 'utf8' },
          ]
        : [
            { path: `/${loop}`, encoding: null },
            { path: `/${loop}`, lines: 3 },
          ];
    const loops = 40;
    const results = await Promise.all(
      Array.from({ length: loops }, async (_, loop) => {
        const [fits, other] = turns(loop);
        const model = new MockLanguageModelV4({
          provider: 'openai.responses',
          doGenerate: [
            toolTurn([call(`a${loop}`, 'read', fits)]),
            toolTurn([call(`b${loop}`, 'read', other)]),
            textTurn('done'),
          ],
        });
        // Each step waits a different while, so the loops' requests interleave.
        const slow: LanguageModelMiddleware = {
          specificationVersion: 'v4',
          transformParams: async ({ params }) => {
            await new Promise((resolve) => setTimeout(resolve, (loop * 7) % 5));
            return params;
          },
        };
        const result = await generateText({
          model: wrapLanguageModel({ model, middleware: [slow, gate.middleware] }),
          tools: toolsFor(loop),
          prompt: `loop ${loop}`,
          stopWhen: isStepCount(3),
        });
        return result.steps.map((step) => step.toolResults.length);
      }),
    );
    expect(results).toEqual(Array.from({ length: loops }, () => [1, 0, 0]));
    expect(ran.sort()).toEqual(
      Array.from({ length: loops }, (_, loop) => `${loop} {"path":"/${loop}"}`).sort(),
    );
  });
});

describe('a schema sent as offered, then converted for a strict provider', () => {
  it('should be converted and judged as the app declared it, not as a middleware after the gate edited it', async () => {
    const { weatherTool, runs } = weather();
    const gate = toolGate({ tools: { weather: weatherTool } });
    const widen = editing((schema) => {
      delete schema.required;
      schema.properties.unit?.enum?.push('kelvin');
    });
    const sentStrict: string[] = [];
    for (const provider of ['ollama.chat', 'openai.responses', 'ollama.chat', 'openai.responses']) {
      const model = new MockLanguageModelV4({
        provider,
        doGenerate: [toolTurn([call('call-1', 'weather', { unit: 'kelvin' })]), textTurn('done')],
      });
      await generateText({
        model: wrapLanguageModel({
          model,
          middleware: provider === 'ollama.chat' ? [gate.middleware, widen] : gate.middleware,
        }),
        tools: gate.tools,
        prompt: 'weather?',
        stopWhen: isStepCount(2),
      });
      if (provider === 'openai.responses') {
        const sent = offeredTools(model.doGenerateCalls[0] as never).get('weather');
        sentStrict.push(JSON.stringify((sent as { inputSchema: unknown }).inputSchema));
      }
    }
    expect(runs()).toBe(0);
    for (const schema of sentStrict) {
      expect(schema).not.toContain('kelvin');
      expect(JSON.parse(schema)).toMatchObject({ required: ['city', 'unit'] });
    }
  });
});

describe('a kept preparation after its schema was sent as offered by a request not kept', () => {
  it('should not be taken again: its judged schema is the one edited since', async () => {
    const { weatherTool, runs } = weather();
    const shell = openai.tools.localShell({ execute: async () => ({ output: 'ok' }) });
    const gate = toolGate({ tools: { weather: weatherTool, local_shell: shell } });
    const widen = editing((schema) => {
      delete schema.required;
      schema.properties.unit?.enum?.push('kelvin');
    });
    const requests: Array<{ tools: ToolSet; middleware: LanguageModelMiddleware[] }> = [
      // Kept: its tools are all function tools.
      { tools: { weather: gate.tools.weather }, middleware: [gate.middleware] },
      // Not kept (a provider-defined tool): sends the weather schema as offered, to be edited.
      {
        tools: {
          weather: { ...gate.tools.weather, strict: false } as ToolSet[string],
          local_shell: gate.tools.local_shell,
        },
        middleware: [gate.middleware, widen],
      },
      // The tools of the kept request again.
      { tools: { weather: gate.tools.weather }, middleware: [gate.middleware] },
    ];
    // The kept request then finds its conversion cached and reads nothing of the schema, which is
    // first read to judge the last request.
    await convertWeatherElsewhere();
    for (const [index, { tools, middleware }] of requests.entries()) {
      // The first request calls nothing, so its judged schema is first read in the last one.
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [
          ...(index === 0 ? [] : [toolTurn([call('call-1', 'weather', { unit: 'kelvin' })])]),
          textTurn('done'),
        ],
      });
      await generateText({
        model: wrapLanguageModel({ model, middleware }),
        tools,
        prompt: 'weather?',
        stopWhen: isStepCount(2),
      });
    }
    expect(runs()).toBe(0);
  });
});

describe('a tool the app marked `strict: true` that the gate sends without strict mode', () => {
  const closed = (properties: Record<string, unknown>) =>
    jsonSchema({ type: 'object', properties, additionalProperties: false });

  async function sentStrict(provider: string, tools: ToolSet) {
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({ provider, doGenerate: textTurn('hi') });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
    });
    const sent = model.doGenerateCalls[0]?.tools ?? [];
    return {
      strict: Object.fromEntries(
        sent.map((each) => [each.name, (each as { strict?: boolean }).strict]),
      ),
      warnings: result.warnings?.map((warning) => (warning as { message?: string }).message),
    };
  }

  it('should leave its `strict` out past Anthropic’s budget, as the warning says', async () => {
    const strictTool = tool({ strict: true, inputSchema: closed({ a: { type: 'string' } }) });
    const names = Array.from({ length: 22 }, (_, index) => `t${index}`);
    const { strict, warnings } = await sentStrict(
      'anthropic.messages',
      Object.fromEntries(names.map((name) => [name, strictTool])),
    );
    expect(warnings).toEqual([expect.stringContaining('"t0", "t1" are sent without strict mode')]);
    expect([strict.t0, strict.t1, strict.t2]).toEqual([undefined, undefined, true]);
  });

  it('should leave its `strict` out on Cerebras when another tool cannot be strict', async () => {
    const { strict, warnings } = await sentStrict('cerebras.chat', {
      marked: tool({ strict: true, inputSchema: closed({ a: { type: 'string' } }) }),
      open: tool({ inputSchema: jsonSchema({ type: 'object', patternProperties: { x: {} } }) }),
    });
    expect(warnings).toContainEqual(expect.stringContaining('no tool is sent strict'));
    expect(strict).toEqual({ marked: undefined, open: undefined });
  });

  it('should not make the other tools strict on Cerebras beside one the app marked `strict: false`', async () => {
    const { strict, warnings } = await sentStrict('cerebras.chat', {
      loose: tool({ strict: false, inputSchema: closed({ a: { type: 'string' } }) }),
      plain: tool({ inputSchema: closed({ b: { type: 'string' } }) }),
    });
    expect(warnings).toContainEqual(expect.stringContaining('no tool is sent strict'));
    expect(strict).toEqual({ loose: false, plain: undefined });
  });

  it('should leave its `strict` out when its schema cannot be made strict', async () => {
    const { strict, warnings } = await sentStrict('openai.responses', {
      open: tool({
        strict: true,
        inputSchema: jsonSchema({ type: 'object', patternProperties: { x: {} } }),
      }),
    });
    expect(warnings).toEqual([expect.stringContaining('"open" is sent without strict mode')]);
    expect(strict).toEqual({ open: undefined });
  });
});

describe('one wrapped tool under two names, one of them sent as offered', () => {
  it('should judge the strict name by the private copy too', async () => {
    const { weatherTool, runs } = weather();
    // Nothing of this gate reads the schema before the edit.
    await convertWeatherElsewhere();
    const gate = toolGate({ tools: { weather: weatherTool } });
    const widen = editing((schema) => {
      delete schema.required;
      schema.properties.unit?.enum?.push('kelvin');
    });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('call-1', 'strictly', { unit: 'kelvin' })]), textTurn('done')],
    });
    await generateText({
      model: wrapLanguageModel({ model, middleware: [gate.middleware, widen] }),
      tools: {
        loosely: { ...gate.tools.weather, strict: false } as ToolSet[string],
        strictly: gate.tools.weather,
      },
      prompt: 'weather?',
      stopWhen: isStepCount(2),
    });
    expect(runs()).toBe(0);
  });
});
