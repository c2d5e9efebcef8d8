import { createDeepSeek } from '@ai-sdk/deepseek';
import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { weatherTool } from '../support/tools.ts';

type ChatBody = {
  tools: Array<{ function: { name: string; strict?: boolean; parameters: unknown } }>;
};

describe('DeepSeek through the real provider: deepseek-all-or-nothing', () => {
  it('sends no tool strict when one cannot be, and still judges and runs the call', async () => {
    const { getWeather, executed } = weatherTool();
    const tagCity = tool({
      // A tuple: no strict form exists for it, so this tool cannot be sent strict.
      description: 'Attach a pair of labels to a city.',
      inputSchema: z.object({ city: z.string(), labels: z.tuple([z.string(), z.string()]) }),
      execute: async () => 'tagged',
    });
    const session = await runRecordedSession({
      recording: 'deepseek-all-or-nothing',
      model: (origin) =>
        createDeepSeek({ apiKey: 'test', baseURL: `${origin}/beta` })('deepseek-chat'),
      tools: { get_weather: getWeather, tag_city: tagCity },
      executed,
      prompt: 'Weather in Paris?',
      stream: false,
    });
    try {
      expect(session.errors).toEqual([]);
      session.replay.verify();
      const { tools } = session.replay.body(0) as ChatBody;
      expect(tools.map(({ function: f }) => [f.name, f.strict])).toEqual([
        ['get_weather', undefined],
        ['tag_city', undefined],
      ]);
      // Sent as the app wrote it, not in DeepSeek's strict form.
      expect(tools[0]?.function.parameters).toMatchObject({ required: ['city'] });
      expect(
        (session.steps[0]?.warnings ?? []).map(
          (warning) => 'message' in warning && warning.message,
        ),
      ).toEqual([
        expect.stringContaining('toolgate: tool "tag_city" is sent without strict mode'),
        'toolgate: deepseek does not accept strict and non-strict tools together, so no tool is sent strict.',
      ]);
      expect(executed).toEqual([{ city: 'Paris' }]);
      expect(session.text).toBe('Paris: 18 °C and light rain.');
    } finally {
      session.replay.close();
    }
  });
});
