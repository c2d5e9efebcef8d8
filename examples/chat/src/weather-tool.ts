import { tool } from 'ai';
import { z } from 'zod';

const weatherByCity: Readonly<Record<string, { now: number; sky: string; next: number[] }>> = {
  Paris: { now: 18, sky: 'light rain', next: [17, 19, 21] },
  Oslo: { now: 4, sky: 'overcast', next: [5, 7, 6] },
  Tokyo: { now: 24, sky: 'clear', next: [25, 23, 24] },
};

/** The tool the recorded conversation was made with: a city, an optional unit and forecast days. */
export const getWeather = tool({
  description: 'Current weather, and a forecast when days is given, for one city.',
  inputSchema: z.object({
    city: z.string().describe('City name, e.g. "Paris"'),
    unit: z
      .enum(['celsius', 'fahrenheit'])
      .optional()
      .describe('Temperature unit (default celsius)'),
    days: z.number().int().min(1).max(7).optional().describe('Days of forecast to add'),
  }),
  execute: async ({ city, unit = 'celsius', days }) => {
    const weather = weatherByCity[city] ?? { now: 15, sky: 'unknown', next: [] };
    const convert = (celsius: number) =>
      unit === 'celsius' ? celsius : Math.round((celsius * 9) / 5 + 32);
    return {
      city,
      unit,
      temperature: convert(weather.now),
      sky: weather.sky,
      ...(days === undefined ? {} : { forecast: weather.next.slice(0, days).map(convert) }),
    };
  },
});
