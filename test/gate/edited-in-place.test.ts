import { createOpenAI } from '@ai-sdk/openai';
import {
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModel,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiProfile, type StrictProfile, toolGate } from '../../src/index.ts';
import { call, offeredTools, refusalAnswers, textTurn, toolTurn } from './helpers.ts';

/**
 * What an app edits in place after the gate has used it (a tool's JSON Schema, a strict profile,
 * the exported `openaiProfile` itself) is judged and converted by its new content from the next
 * request that reads it: the gate keeps what it prepared by content, never by the identity of an
 * object the app holds.
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type WeatherSchema = {
  type: 'object';
  properties: {
    city: { type: 'string'; description: string };
    unit: { type: 'string'; enum: string[] };
  };
  required: string[];
  additionalProperties: false;
};

/** The app's schema object, which it edits in place between requests. */
function weatherSchema(description: string): WeatherSchema {
  return {
    type: 'object',
    properties: {
      city: { type: 'string', description },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city'],
    additionalProperties: false,
  };
}

type Gate = ReturnType<typeof toolGate>;

/** The app's tool around its schema object, built anew for each request; `ran` gets its inputs. */
function weatherTool(schema: WeatherSchema, ran: unknown[]) {
  return tool({
    inputSchema: jsonSchema<Record<string, unknown>>(schema),
    execute: async (input) => {
      ran.push(input);
      return 'sunny';
    },
  });
}

/**
 * One request on a mock model: the tool built around the app's schema object and wrapped for this
 * request, one call with `unit`, then text. What was sent, and whether the call ran.
 */
async function request(
  gate: Gate,
  schema: WeatherSchema,
  unit: string,
  provider = 'openai.responses',
) {
  const ran: unknown[] = [];
  const model = new MockLanguageModelV4({
    provider,
    doGenerate: [toolTurn([call('c1', 'weather', { city: 'Oslo', unit })]), textTurn('done')],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    ...gate.toolSettings({ tools: { weather: weatherTool(schema, ran) } }),
    prompt: 'weather?',
    stopWhen: isStepCount(2),
  });
  const [first, second] = model.doGenerateCalls;
  const sent = first === undefined ? undefined : offeredTools(first).get('weather');
  return {
    ran,
    sent,
    refused: refusalAnswers(second?.prompt ?? []).refused.length > 0,
    warnings: (result.warnings ?? []).map((warning) => (warning as { message?: string }).message),
  };
}

describe('a tool schema the app edits in place after first use', () => {
  it('should be judged and converted by its new content from the next request on', async () => {
    const gate = toolGate();
    const schema = weatherSchema('City name.');
    const before = await request(gate, schema, 'kelvin');
    expect(before).toMatchObject({ ran: [], refused: true });
    expect(before.sent).toMatchObject({
      strict: true,
      inputSchema: { properties: { unit: { enum: ['celsius', 'fahrenheit', null] } } },
    });

    schema.properties.unit.enum.push('kelvin');
    schema.properties.city.description = 'City name, edited.';
    const after = await request(gate, schema, 'kelvin');
    expect(after).toMatchObject({ ran: [{ city: 'Oslo', unit: 'kelvin' }], refused: false });
    expect(after.sent).toMatchObject({
      strict: true,
      inputSchema: {
        properties: {
          city: { description: 'City name, edited.' },
          unit: { enum: ['celsius', 'fahrenheit', 'kelvin', null] },
        },
      },
    });

    // A gate built per request sees the same.
    schema.properties.unit.enum.splice(2, 1);
    expect(await request(toolGate(), schema, 'kelvin')).toMatchObject({ ran: [], refused: true });
  });
});

describe('a strict profile the app edits in place after first use', () => {
  it('should convert by its new content from the next request on', async () => {
    const profile: StrictProfile & { keywords: string[]; maxProperties: number } = {
      ...openaiProfile,
      keywords: [...openaiProfile.keywords],
    };
    const gate = toolGate({ strict: profile });
    const schema = weatherSchema('City name.');
    const before = await request(gate, schema, 'celsius');
    expect(before.sent).toMatchObject({
      strict: true,
      inputSchema: { properties: { city: { description: 'City name.' } } },
    });

    profile.keywords.splice(profile.keywords.indexOf('description'), 1);
    const withoutDescriptions = await request(gate, schema, 'celsius');
    expect(withoutDescriptions.sent).toMatchObject({ strict: true });
    expect(withoutDescriptions.sent?.inputSchema).toMatchObject({
      properties: { city: { type: 'string' } },
    });
    expect(JSON.stringify(withoutDescriptions.sent?.inputSchema)).not.toContain('City name.');

    profile.maxProperties = 1;
    const tooMany = await request(gate, schema, 'celsius');
    expect(tooMany.sent).toMatchObject({ strict: undefined, inputSchema: schema });
    expect(new Set(tooMany.warnings)).toEqual(
      new Set([
        'toolgate: tool "weather" is sent without strict mode: the schema has more than 1 properties.',
      ]),
    );
    expect(tooMany.ran).toEqual([{ city: 'Oslo', unit: 'celsius' }]);
  });

  it('should read the exported openaiProfile anew, edited in place, for every request', async () => {
    const gate = toolGate();
    const schema = weatherSchema('City name.');
    expect((await request(gate, schema, 'celsius')).sent).toMatchObject({ strict: true });
    const exported = openaiProfile as { maxProperties: number };
    const maxProperties = exported.maxProperties;
    try {
      exported.maxProperties = 1;
      const edited = await request(gate, schema, 'celsius');
      expect(edited.sent).toMatchObject({ strict: undefined });
      expect(edited.warnings[0]).toMatch(/more than 1 properties/);
    } finally {
      exported.maxProperties = maxProperties;
    }
    expect((await request(gate, schema, 'celsius')).sent).toMatchObject({ strict: true });
  });
});

describe('through the real OpenAI provider', () => {
  const origin = 'http://edited-in-place.test';
  /** The tool each request sent, as the Responses API got it. */
  const sentTools: unknown[] = [];
  /** The `unit` the model sends in each first step. */
  let unit = 'kelvin';
  const response = (output: unknown[]) =>
    HttpResponse.json({
      id: 'resp_1',
      object: 'response',
      created_at: 0,
      status: 'completed',
      model: 'gpt-5-mini',
      output,
      incomplete_details: null,
      usage: {
        input_tokens: 1,
        output_tokens: 1,
        total_tokens: 2,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    });
  const server = setupServer(
    http.post(`${origin}/v1/responses`, async ({ request }) => {
      const body = (await request.json()) as { input: Array<{ type?: string }>; tools: unknown[] };
      if (body.input.some((item) => item.type === 'function_call_output')) {
        return response([
          {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'done', annotations: [] }],
          },
        ]);
      }
      sentTools.push(body.tools[0]);
      return response([
        {
          id: 'fc_1',
          type: 'function_call',
          status: 'completed',
          call_id: 'call_1',
          name: 'weather',
          arguments: JSON.stringify({ city: 'Oslo', unit }),
        },
      ]);
    }),
  );
  beforeAll(() => server.listen());
  afterAll(() => server.close());

  it('should send and judge a schema edited in place by its new content', async () => {
    const gate = toolGate();
    const model: LanguageModel = wrapLanguageModel({
      model: createOpenAI({ apiKey: 'test', baseURL: `${origin}/v1` }).responses('gpt-5-mini'),
      middleware: gate.middleware,
    });
    const schema = weatherSchema('City name.');
    const ran: unknown[] = [];
    const turn = () =>
      generateText({
        model,
        ...gate.toolSettings({ tools: { weather: weatherTool(schema, ran) } }),
        prompt: 'weather?',
        stopWhen: isStepCount(2),
      });

    await turn();
    expect(ran).toEqual([]);
    schema.properties.unit.enum.push('kelvin');
    await turn();
    expect(ran).toEqual([{ city: 'Oslo', unit: 'kelvin' }]);
    unit = 'celsius';
    await turn();
    expect(ran).toHaveLength(2);
    const sentUnits = sentTools.map((sent) => {
      const { strict, parameters } = sent as {
        strict: boolean;
        parameters: { properties: { unit: unknown } };
      };
      return { strict, unit: parameters.properties.unit };
    });
    const strictUnit = (units: string[]) => ({
      strict: true,
      unit: { type: ['string', 'null'], enum: [...units, null] },
    });
    expect(sentUnits).toEqual([
      strictUnit(['celsius', 'fahrenheit']),
      strictUnit(['celsius', 'fahrenheit', 'kelvin']),
      strictUnit(['celsius', 'fahrenheit', 'kelvin']),
    ]);
  });
});
