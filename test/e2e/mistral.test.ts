import { createMistral } from '@ai-sdk/mistral';
import { describe, expect, it } from 'vitest';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { weatherTool } from '../support/tools.ts';

type ChatBody = {
  tools: Array<{
    function: { name: string; strict?: boolean; parameters: Record<string, unknown> };
  }>;
};

describe('Mistral through the real provider: mistral-schema-stripped', () => {
  it('leaves $schema out of the zod tool schema, converts nothing, and runs the call', async () => {
    const { getWeather, executed } = weatherTool();
    const session = await runRecordedSession({
      recording: 'mistral-schema-stripped',
      model: (origin) =>
        createMistral({ apiKey: 'test', baseURL: `${origin}/v1` })('mistral-large-latest'),
      tools: { get_weather: getWeather },
      executed,
      prompt: 'Weather in Paris?',
      stream: false,
    });
    try {
      expect(session.errors).toEqual([]);
      session.replay.verify();
      const [tool] = (session.replay.body(0) as ChatBody).tools;
      expect(tool?.function.strict).toBeUndefined();
      expect(Object.keys(tool?.function.parameters ?? {})).not.toContain('$schema');
      expect(tool?.function.parameters).toMatchObject({
        type: 'object',
        required: ['city'],
        properties: { days: { type: 'integer', minimum: 1, maximum: 7 } },
      });
      expect(executed).toEqual([{ city: 'Paris', unit: 'celsius' }]);
      expect(session.text).toBe('Paris: 18 °C and light rain.');
    } finally {
      session.replay.close();
    }
  });
});
