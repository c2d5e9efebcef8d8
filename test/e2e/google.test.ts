import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { StepResult, ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalEvent } from '../../src/index.ts';
import { loadRecording, type Replay } from '../support/replay-recording.ts';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { weatherTool } from '../support/tools.ts';

const recording = loadRecording('google-enum-violation');
const prompt = 'Compare the weather in Lisbon and Madrid right now, in Celsius.';

type Part = {
  text?: string;
  thoughtSignature?: string;
  functionCall?: { name: string; args: Record<string, unknown> };
  functionResponse?: {
    name: string;
    response: { name: string; error?: string; content?: unknown };
  };
};
type GoogleBody = {
  contents: Array<{ role: string; parts: Part[] }>;
  tools: Array<{ functionDeclarations: Array<{ name: string; parametersJsonSchema: unknown }> }>;
};

/** The thoughtSignature of the functionCall parts the n-th recorded response streams. */
function recordedSignatures(exchange: number): Array<string | undefined> {
  const chunks = recording.exchanges[exchange]?.response.body as string[];
  return chunks.flatMap((chunk) => {
    const data = JSON.parse(chunk.replace(/^data: /, '')) as {
      candidates: Array<{ content: { parts: Part[] } }>;
    };
    return (data.candidates[0]?.content.parts ?? [])
      .filter((part) => part.functionCall !== undefined)
      .map((part) => part.thoughtSignature);
  });
}

describe('Google Gemini through the real provider: google-enum-violation', () => {
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
        createGoogleGenerativeAI({ apiKey: 'test', baseURL: `${origin}/v1beta` })(
          'gemini-3-flash-preview',
        ),
      tools: { get_weather: weather.getWeather },
      executed,
      prompt,
    }));
  });

  afterAll(() => replay?.close());

  const body = (index: number) => replay.body(index) as GoogleBody;

  it('plays every exchange of the recording in order, and nothing else', () => {
    expect(errors).toEqual([]);
    replay.verify();
    expect(replay.requests.map((request) => [request.path, request.query])).toEqual(
      Array(3).fill([
        '/v1beta/models/gemini-3-flash-preview:streamGenerateContent',
        { alt: 'sse' },
      ]),
    );
    expect(steps).toHaveLength(3);
  });

  it('sends the schema unchanged (Gemini is not converted)', () => {
    const declaration = body(0).tools[0]?.functionDeclarations[0];
    expect(declaration?.name).toBe('get_weather');
    expect(declaration?.parametersJsonSchema).toMatchObject({
      properties: { unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    });
  });

  it('runs nothing in the refused turn', () => {
    expect(executedAtStepEnd[0]).toBe(0);
    expect(steps[0]?.toolResults).toEqual([]);
    expect(steps[0]?.content.filter((part) => part.type === 'tool-error')).toHaveLength(2);
    expect(refusals.map(({ code, mismatches }) => [code, mismatches.map((m) => m.code)])).toEqual([
      ['arguments', ['enum']],
      ['turn', []],
    ]);
  });

  it("replays the model's functionCall parts as sent, thoughtSignature included", () => {
    const [user, model, answers] = body(1).contents;
    expect(user?.role).toBe('user');
    expect(model?.role).toBe('model');
    // (The provider adds the call ids it generated; Gemini sent none.)
    expect(
      model?.parts.map(({ functionCall }) => [functionCall?.name, functionCall?.args]),
    ).toEqual([
      ['get_weather', { city: 'Lisbon', unit: 'Celsius ' }],
      ['get_weather', { city: 'Madrid', unit: 'celsius' }],
    ]);
    // Gemini 3 signs the first call of a parallel turn only; the signature comes back unchanged
    // (a lost one would be replaced by the provider's skip_thought_signature_validator sentinel).
    const signatures = recordedSignatures(0);
    expect(signatures[0]).toMatch(/^CiQB/);
    expect(model?.parts.map((part) => part.thoughtSignature)).toEqual(signatures);

    expect(answers?.role).toBe('user');
    const responses = answers?.parts.map((part) => part.functionResponse);
    expect(responses?.map((response) => response?.name)).toEqual(['get_weather', 'get_weather']);
    expect(responses?.[0]?.response.error).toMatch(/^Refused: /);
    expect(responses?.[0]?.response.error).toContain('"Celsius "');
    expect(responses?.[1]?.response.error).toMatch(/^Not run: /);
    for (const request of replay.requests) {
      expect(JSON.stringify(request.body)).not.toContain('toolgate:refusal');
    }
  });

  it('runs the corrected turn, and keeps its signature too', () => {
    expect(executedAtStepEnd[1]).toBe(2);
    expect(executed).toStrictEqual([
      { city: 'Lisbon', unit: 'celsius' },
      { city: 'Madrid', unit: 'celsius' },
    ]);
    const contents = body(2).contents;
    expect(contents).toHaveLength(5);
    expect(contents[3]?.parts.map((part) => part.thoughtSignature)).toEqual(recordedSignatures(1));
    expect(contents[4]?.parts.map((part) => part.functionResponse?.response.content)).toEqual([
      { city: 'Lisbon', unit: 'celsius', temperature: 21, sky: 'sunny' },
      { city: 'Madrid', unit: 'celsius', temperature: 19, sky: 'scattered clouds' },
    ]);
  });

  it('ends with the recorded answer', () => {
    expect(steps[2]?.finishReason).toBe('stop');
    expect(text).toBe(
      'Lisbon is a little warmer: 21 °C and sunny, while Madrid has 19 °C under scattered clouds.',
    );
  });
});
