import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { describe, expect, it } from 'vitest';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { weatherTool } from '../support/tools.ts';

type ConverseBody = {
  toolConfig: {
    tools: Array<{ toolSpec: { name: string; strict?: boolean; inputSchema: unknown } }>;
  };
};

describe('Bedrock Converse through the real provider: bedrock-strict-refused-then-retried', () => {
  it('sends the request once more without strict when the model refuses the field, and says so', async () => {
    const { getWeather, executed } = weatherTool();
    const session = await runRecordedSession({
      recording: 'bedrock-strict-refused-then-retried',
      model: (origin) =>
        createAmazonBedrock({ apiKey: 'test', baseURL: origin })(
          'us.anthropic.claude-opus-4-9-v1:0',
        ),
      tools: { get_weather: getWeather },
      executed,
      prompt: 'Weather in Paris?',
      stream: false,
    });
    try {
      expect(session.errors).toEqual([]);
      session.replay.verify();
      const [first, retried] = [0, 1].map(
        (index) => (session.replay.body(index) as ConverseBody).toolConfig.tools[0]?.toolSpec,
      );
      expect(first?.strict).toBe(true);
      expect(retried?.strict).toBeUndefined();
      // The converted schema is sent again: closed, optional arguments left optional.
      expect(retried?.inputSchema).toEqual(first?.inputSchema);
      expect(first?.inputSchema).toMatchObject({
        json: { required: ['city'], additionalProperties: false },
      });
      expect(session.steps[0]?.warnings).toContainEqual({
        type: 'other',
        message:
          'toolgate: the provider refused strict mode for "get_weather" (The model returned the following errors: tools.0.custom.strict: Extra inputs are not permitted), so the request was sent once more without strict for it.',
      });
      expect(executed).toEqual([{ city: 'Paris' }]);
      expect(session.text).toBe('Paris: 18 °C and light rain.');
    } finally {
      session.replay.close();
    }
  });
});
