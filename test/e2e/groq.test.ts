import { createGroq } from '@ai-sdk/groq';
import { describe, expect, it } from 'vitest';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { weatherTool } from '../support/tools.ts';

const prompt = 'Weather in Paris for the next two days?';

type ChatBody = {
  messages: Array<{ role: string; content?: string; tool_calls?: unknown[] }>;
};

describe.each([
  ['groq-tool-use-failed-then-corrected', true],
  ['groq-tool-use-failed-then-corrected-json', false],
])('Groq tool_use_failed through the real provider: %s', (recording, stream) => {
  it('folds the refused call into a refused turn, and runs the corrected one', async () => {
    const { getWeather, executed } = weatherTool();
    const session = await runRecordedSession({
      recording,
      model: (origin) =>
        createGroq({ apiKey: 'test', baseURL: `${origin}/openai/v1` })('openai/gpt-oss-120b'),
      tools: { get_weather: getWeather },
      executed,
      prompt,
      stream,
    });
    try {
      expect(session.errors).toEqual([]);
      session.replay.verify();
      expect(session.steps).toHaveLength(3);
      expect(session.executedAtStepEnd).toEqual([0, 1, 1]);
      expect(executed).toEqual([{ city: 'Paris', days: 2 }]);
      expect(session.refusals).toEqual([
        {
          toolCallId: expect.any(String),
          toolName: 'get_weather',
          code: 'arguments',
          mismatches: [
            { code: 'missing', path: ['city'], expected: expect.any(String) },
            { code: 'unknown', path: ['town'], expected: expect.any(String) },
          ],
        },
      ]);
      const [, assistant, toolMessage] = (session.replay.body(1) as ChatBody).messages;
      expect(assistant?.tool_calls).toEqual([
        {
          id: expect.any(String),
          type: 'function',
          function: { name: 'get_weather', arguments: '{"town":"Paris","days":2}' },
        },
      ]);
      expect(toolMessage?.content).toMatchInlineSnapshot(`
        "Refused: the arguments do not match the schema of tool "get_weather", so nothing was run.
        "city" is required but was not sent.
        "town" is not an argument of this tool; the accepted names are "city", "unit", "days"."
      `);
      expect(session.text).toBe('Paris: 18 °C and light rain now, then 17 and 19 °C.');
    } finally {
      session.replay.close();
    }
  });
});
