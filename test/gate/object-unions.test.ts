import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toolGate } from '../../src/index.ts';
import { call, offeredTools, textTurn, toolTurn } from './helpers.ts';

/**
 * An OpenAPI-style discriminated union one level down (`type: "object"`, the discriminator in
 * `required`, the branches in `oneOf`) is sent strict as its branches, and a `null` the model
 * sends for an optional argument of a branch reaches the tool as a left-out argument.
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const branch = (kind: string, properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { kind: { type: 'string', enum: [kind] }, ...properties },
  required: ['kind', ...required],
});

describe('an object union one level down', () => {
  it('is sent strict as its branches, and a null placeholder in a branch is decoded', async () => {
    const received: unknown[] = [];
    const gate = toolGate({
      tools: {
        act: tool({
          inputSchema: jsonSchema({
            type: 'object',
            properties: {
              action: {
                type: 'object',
                required: ['kind'],
                discriminator: { propertyName: 'kind' },
                oneOf: [
                  branch('move', { x: { type: 'number' }, speed: { type: 'number' } }, ['x']),
                  branch('say', { text: { type: 'string' } }, ['text']),
                ],
              },
            },
            required: ['action'],
          }),
          execute: async (input) => {
            received.push(input);
            return 'done';
          },
        }),
      },
    });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([call('a1', 'act', { action: { kind: 'move', x: 2, speed: null } })]),
        textTurn('ok'),
      ],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(3),
    });

    const sent = offeredTools(model.doGenerateCalls[0] as never).get('act');
    expect(sent?.strict).toBe(true);
    expect(sent?.inputSchema).toMatchObject({
      properties: {
        action: { anyOf: [{ required: ['kind', 'x', 'speed'] }, { required: ['kind', 'text'] }] },
      },
    });
    expect(received).toEqual([{ action: { kind: 'move', x: 2 } }]);
  });
});
