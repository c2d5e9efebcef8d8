import {
  dynamicTool,
  generateText,
  isStepCount,
  jsonSchema,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { prepareSchema } from '../../src/schema/prepare-schema.ts';
import { call, refusalAnswers, textTurn, toolTurn } from './helpers.ts';

/**
 * A tool list fetched anew for every request (`await mcp.tools()`) and wrapped by one gate, with a
 * schema of over 200,000 characters: the gate wraps and prepares it once per content, as it does
 * a small one, not once per request.
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

// Records what each request for a preparation answers: one preparation is one record, found again.
vi.mock('../../src/schema/prepare-schema.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/schema/prepare-schema.ts')>();
  return { ...original, prepareSchema: vi.fn(original.prepareSchema) };
});

const properties: Record<string, unknown> = {};
for (let index = 0; JSON.stringify(properties).length < 250_000; index++) {
  properties[`field_${index}`] = { type: 'string', description: 'A field. '.repeat(10) };
}
const content = JSON.stringify({ type: 'object', properties, additionalProperties: false });

function fetchTools(): ToolSet {
  return {
    large: dynamicTool({ inputSchema: jsonSchema(JSON.parse(content)), execute: async () => 'ok' }),
  };
}

describe('a schema of over 200,000 characters in a tool list rebuilt for every request', () => {
  it('should be wrapped and prepared once, and judge every request as the first', async () => {
    const { toolGate } = await import('../../src/index.ts');
    const gate = toolGate();
    const schemas: unknown[] = [];
    const preparations = new Set<unknown>();
    for (const input of [{ field_0: 'a' }, { no_field: 'b' }, { field_1: 'c' }]) {
      vi.mocked(prepareSchema).mockClear();
      const tools = gate.wrapTools(fetchTools());
      schemas.push(tools.large?.inputSchema);
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [toolTurn([call('call-1', 'large', input)]), textTurn('done')],
      });
      await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools,
        prompt: 'go',
        stopWhen: isStepCount(2),
      });
      for (const { value } of vi.mocked(prepareSchema).mock.results) preparations.add(value);
      const second = model.doGenerateCalls[1];
      expect(refusalAnswers(second?.prompt ?? []).refused).toHaveLength(
        'no_field' in input ? 1 : 0,
      );
    }
    expect(schemas[1]).toBe(schemas[0]);
    expect(schemas[2]).toBe(schemas[0]);
    expect(preparations.size).toBe(1);
  });
});
