import { createAnthropic } from '@ai-sdk/anthropic';
import { describe, expect, it } from 'vitest';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { weatherTool } from '../support/tools.ts';

type MessagesBody = {
  tools: Array<{ name: string; strict?: boolean; input_schema: unknown }>;
};

describe('Anthropic through the real provider: anthropic-strict-optional-arguments', () => {
  it('sends strict with optional arguments left optional, and runs the call as sent', async () => {
    const { getWeather, executed } = weatherTool();
    const session = await runRecordedSession({
      recording: 'anthropic-strict-optional-arguments',
      model: (origin) =>
        createAnthropic({ apiKey: 'test', baseURL: `${origin}/v1` })('claude-sonnet-4-5'),
      tools: { get_weather: getWeather },
      executed,
      prompt: 'Weather in Paris for the next two days?',
      stream: false,
    });
    try {
      expect(session.errors).toEqual([]);
      session.replay.verify();
      const [tool] = (session.replay.body(0) as MessagesBody).tools;
      expect(tool?.strict).toBe(true);
      expect(tool?.input_schema).toMatchInlineSnapshot(`
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "additionalProperties": false,
          "properties": {
            "city": {
              "description": "City name, e.g. "Paris"",
              "type": "string",
            },
            "days": {
              "description": "Days of forecast to add At least 1. At most 7.",
              "type": "integer",
            },
            "unit": {
              "description": "Temperature unit (default celsius)",
              "enum": [
                "celsius",
                "fahrenheit",
              ],
              "type": "string",
            },
          },
          "required": [
            "city",
          ],
          "type": "object",
        }
      `);
      expect(session.refusals).toEqual([]);
      expect(executed).toEqual([{ city: 'Paris', days: 2 }]);
      expect(session.text).toBe('Paris: 18 °C and light rain now, then 17 and 19 °C.');
    } finally {
      session.replay.close();
    }
  });
});
