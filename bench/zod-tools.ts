import { type ToolSet, tool } from 'ai';
import { z } from 'zod';

/** Two zod tools, as an app writes them: the gate benches' tools with validators of their own. */
export function zodTools() {
  return {
    weather: tool({
      description: 'Weather forecast for a city.',
      inputSchema: z.object({
        city: z.string(),
        unit: z.enum(['celsius', 'fahrenheit']).optional(),
        days: z.number().int().min(1).max(14),
      }),
      execute: async ({ city }) => `sunny in ${city}`,
    }),
    search: tool({
      description: 'Search the web.',
      inputSchema: z.object({ query: z.string(), limit: z.number().int().optional() }),
      execute: async ({ query }) => `found ${query}`,
    }),
  } satisfies ToolSet;
}
