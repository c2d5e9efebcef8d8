// POST /api/chat in a Next.js App Router app: what a `useChat` page posts to. The tools and the
// gate are built once, when the route's module loads, and serve every request; each request
// wraps the model with the gate's middleware and spreads `gate.toolSettings()` into streamText.
//
//   OPENAI_API_KEY=… npm run dev

import { openai } from '@ai-sdk/openai';
import {
  convertToModelMessages,
  isStepCount,
  streamText,
  tool,
  type UIMessage,
  wrapLanguageModel,
} from 'ai';
import { toolGate } from 'toolgate';
import { z } from 'zod';

const getWeather = tool({
  description: 'Current weather, and a forecast when days is given, for one city.',
  inputSchema: z.object({
    city: z.string().describe('City name, e.g. "Paris"'),
    unit: z
      .enum(['celsius', 'fahrenheit'])
      .optional()
      .describe('Temperature unit (default celsius)'),
    days: z.number().int().min(1).max(7).optional().describe('Days of forecast to add'),
  }),
  execute: async ({ city, unit = 'celsius', days }) => ({
    city,
    unit,
    temperature: unit === 'celsius' ? 18 : 64,
    ...(days === undefined ? {} : { forecast: Array.from({ length: days }, () => 'rain') }),
  }),
});

// Module scope: the gate prepares each tool's schema once, not on every request.
const gate = toolGate({ tools: { get_weather: getWeather } });
const model = wrapLanguageModel({
  model: openai.responses('gpt-5-mini'),
  middleware: gate.middleware,
});

/** Lets a refused turn and its corrected turn finish within one request on Vercel. */
export const maxDuration = 30;

export const POST = async (request: Request): Promise<Response> => {
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const result = streamText({
    model,
    // The gated tools, and the repair step that hands a refused call the gate's answer.
    ...gate.toolSettings(),
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(5),
  });
  return result.toUIMessageStreamResponse();
};
