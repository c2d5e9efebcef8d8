import { createOpenAI } from '@ai-sdk/openai';
import type { StepResult, ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalEvent } from '../../src/index.ts';
import type { Replay } from '../support/replay-recording.ts';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { weatherTool } from '../support/tools.ts';

const prompt =
  'What is the weather in Paris, Oslo and Tokyo? For Oslo I also need the next 3 days.';

/** The model's arguments in the refused turn, exactly as the recording streams them. */
const refusedArguments = [
  '{"city":"Paris","unit":"celsius","days":null}',
  '{"city":"Oslo","unit":"kelvin","days":3}',
  '{"city":"Tokyo","unit":null,"days":null}',
];

type InputItem = {
  type?: string;
  role?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: string;
};
type ResponsesBody = {
  input: InputItem[];
  tools: Array<{ type: string; name: string; strict?: boolean; parameters: unknown }>;
};

describe.each([
  { recording: 'openai-responses-refused-then-corrected', stream: true },
  { recording: 'openai-responses-refused-then-corrected-json', stream: false },
])('OpenAI Responses through the real provider: $recording', ({ recording, stream }) => {
  let replay: Replay;
  let executed: readonly unknown[];
  let executedAtStepEnd: number[];
  let refusals: RefusalEvent[];
  let steps: ReadonlyArray<StepResult<ToolSet>>;
  let text: string;
  let errors: unknown[];

  beforeAll(async () => {
    const weather = weatherTool();
    executed = weather.executed;
    ({ replay, steps, text, errors, refusals, executedAtStepEnd } = await runRecordedSession({
      recording,
      model: (origin) =>
        createOpenAI({ apiKey: 'test', baseURL: `${origin}/v1` }).responses('gpt-5-mini'),
      tools: { get_weather: weather.getWeather },
      executed,
      prompt,
      stream,
    }));
  });

  afterAll(() => replay?.close());

  const body = (index: number) => replay.body(index) as ResponsesBody;
  const functionCalls = (items: InputItem[]) =>
    items.filter((item) => item.type === 'function_call');
  const functionOutputs = (items: InputItem[]) =>
    items.filter((item) => item.type === 'function_call_output');

  it('plays every exchange of the recording in order, and nothing else', () => {
    expect(errors).toEqual([]);
    replay.verify();
    expect(replay.requests).toHaveLength(3);
    expect(steps).toHaveLength(3);
  });

  it('sends the tool strict: optional parameters nullable and required', () => {
    const [tool] = body(0).tools;
    expect(tool).toMatchObject({ type: 'function', name: 'get_weather', strict: true });
    expect(tool?.parameters).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. "Paris"' },
        unit: {
          description: 'Temperature unit (default celsius)',
          type: ['string', 'null'],
          enum: ['celsius', 'fahrenheit', null],
        },
        days: {
          description: 'Days of forecast to add',
          type: ['integer', 'null'],
          minimum: 1,
          maximum: 7,
        },
      },
      required: ['city', 'unit', 'days'],
      additionalProperties: false,
    });
  });

  it('runs nothing in the refused turn', () => {
    expect(executedAtStepEnd[0]).toBe(0);
    const [first] = steps;
    expect(first?.toolResults).toEqual([]);
    expect(first?.content.filter((part) => part.type === 'tool-error')).toHaveLength(3);
    expect(refusals.map(({ code }) => code)).toEqual(['turn', 'arguments', 'turn']);
    expect(refusals[1]?.mismatches).toEqual([
      { code: 'enum', path: ['unit'], expected: 'one of "celsius" or "fahrenheit"' },
    ]);
  });

  it("sends the model's own arguments back, with Refused:/Not run: as the outputs", () => {
    const input = body(1).input;
    const calls = functionCalls(input);
    expect(calls.map((call) => call.arguments)).toEqual(refusedArguments);

    const outputs = functionOutputs(input);
    expect(outputs.map((output) => output.call_id)).toEqual(calls.map((call) => call.call_id));
    const answers = outputs.map(
      (output) => (JSON.parse(output.output ?? '') as { error: string }).error,
    );
    expect(answers[0]).toMatch(/^Not run: /);
    expect(answers[1]).toMatch(/^Refused: /);
    expect(answers[1]).toContain('"unit"');
    expect(answers[1]).toContain('"kelvin"');
    expect(answers[2]).toMatch(/^Not run: /);

    // The gate's marker never reaches the wire.
    for (const request of replay.requests) {
      expect(JSON.stringify(request.body)).not.toContain('toolgate:refusal');
    }
  });

  it('runs the corrected turn with the null placeholders decoded away', () => {
    expect(executedAtStepEnd[1]).toBe(3);
    expect(executed).toStrictEqual([
      { city: 'Paris', unit: 'celsius' },
      { city: 'Oslo', unit: 'celsius', days: 3 },
      { city: 'Tokyo' },
    ]);
    expect(steps[1]?.toolCalls.map((call) => call.input)).toStrictEqual(executed);

    const outputs = functionOutputs(body(2).input).slice(3);
    expect(outputs.map((output) => JSON.parse(output.output ?? ''))).toEqual([
      { city: 'Paris', unit: 'celsius', temperature: 18, sky: 'light rain' },
      { city: 'Oslo', unit: 'celsius', temperature: 4, sky: 'overcast', forecast: [5, 7, 6] },
      { city: 'Tokyo', unit: 'celsius', temperature: 24, sky: 'clear' },
    ]);
  });

  it('ends with the recorded answer', () => {
    expect(executedAtStepEnd[2]).toBe(3);
    expect(steps[2]?.finishReason).toBe('stop');
    expect(text).toBe(
      'Paris: 18 °C with light rain. Oslo: 4 °C and overcast now; the next three days 5, 7 and 6 °C. Tokyo: 24 °C and clear.',
    );
  });
});
