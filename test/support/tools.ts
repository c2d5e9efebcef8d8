import { tool } from 'ai';
import { z } from 'zod';

/** The weather each city has in the recordings; the recorded final answers quote these. */
const weatherByCity: Readonly<Record<string, { now: number; sky: string; next: number[] }>> = {
  Paris: { now: 18, sky: 'light rain', next: [17, 19, 21] },
  Oslo: { now: 4, sky: 'overcast', next: [5, 7, 6] },
  Tokyo: { now: 24, sky: 'clear', next: [25, 23, 24] },
  Lisbon: { now: 21, sky: 'sunny', next: [22, 22, 20] },
  Madrid: { now: 19, sky: 'scattered clouds', next: [21, 18, 17] },
};

/**
 * The `get_weather` tool the recordings were written for, with a log of the inputs its `execute`
 * received (after the gate and the tool's own zod validation).
 */
export function weatherTool() {
  const executed: unknown[] = [];
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
    execute: async (input) => {
      executed.push(input);
      const weather = weatherByCity[input.city] ?? { now: 15, sky: 'unknown', next: [] };
      const unit = input.unit ?? 'celsius';
      const convert = (celsius: number) =>
        unit === 'celsius' ? celsius : Math.round((celsius * 9) / 5 + 32);
      return {
        city: input.city,
        unit,
        temperature: convert(weather.now),
        sky: weather.sky,
        ...(input.days === undefined
          ? {}
          : { forecast: weather.next.slice(0, input.days).map(convert) }),
      };
    },
  });
  return { getWeather, executed };
}

/** The `create_todo` tool of the llama.cpp recording, with a log of its inputs. */
export function todoTool() {
  const executed: unknown[] = [];
  const createTodo = tool({
    description: 'Adds an item to the todo list.',
    inputSchema: z.object({
      title: z.string(),
      tags: z.array(z.string()).describe('Labels for the item'),
    }),
    execute: async (input) => {
      executed.push(input);
      return { id: 41, title: input.title, tags: input.tags };
    },
  });
  return { createTodo, executed };
}
