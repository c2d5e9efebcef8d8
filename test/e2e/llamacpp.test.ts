import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { StepResult, ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalEvent } from '../../src/index.ts';
import type { Replay } from '../support/replay-recording.ts';
import { runRecordedSession } from '../support/run-recorded-session.ts';
import { todoTool } from '../support/tools.ts';

const prompt = 'Add "Buy oat milk" to my todo list, tagged shopping and errands.';

type Message = {
  role: string;
  content?: string;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
};
type ChatBody = {
  messages: Message[];
  tools: Array<{ type: string; function: { name: string; parameters: unknown; strict?: boolean } }>;
};

describe('llama.cpp (OpenAI-compatible) through the real provider: llamacpp-json-text-array', () => {
  let replay: Replay;
  let executed: readonly unknown[];
  let executedAtStepEnd: number[];
  let refusals: RefusalEvent[];
  let steps: ReadonlyArray<StepResult<ToolSet>>;
  let text: string;
  let errors: unknown[];

  beforeAll(async () => {
    const todo = todoTool();
    executed = todo.executed;
    ({ replay, steps, text, errors, refusals, executedAtStepEnd } = await runRecordedSession({
      recording: 'llamacpp-json-text-array',
      model: (origin) =>
        createOpenAICompatible({ name: 'llamacpp', baseURL: `${origin}/v1` })('qwen3-8b'),
      tools: { create_todo: todo.createTodo },
      executed,
      prompt,
    }));
  });

  afterAll(() => replay?.close());

  const body = (index: number) => replay.body(index) as ChatBody;

  it('plays every exchange of the recording in order, and nothing else', () => {
    expect(errors).toEqual([]);
    replay.verify();
    expect(replay.requests).toHaveLength(3);
    expect(steps).toHaveLength(3);
  });

  it('sends the schema unchanged (no strict mode for an openai-compatible server)', () => {
    const [tool] = body(0).tools;
    expect(tool?.function.name).toBe('create_todo');
    expect(tool?.function.strict).toBeUndefined();
    expect(tool?.function.parameters).toMatchObject({
      properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['title', 'tags'],
    });
  });

  it('runs nothing in the refused turn', () => {
    expect(executedAtStepEnd[0]).toBe(0);
    expect(steps[0]?.toolResults).toEqual([]);
    expect(refusals).toEqual([
      {
        toolCallId: expect.any(String),
        toolName: 'create_todo',
        code: 'arguments',
        mismatches: [{ code: 'type', path: ['tags'], expected: 'a list' }],
      },
    ]);
  });

  it("sends the model's own arguments back, with Refused: as the tool message", () => {
    const [user, assistant, toolMessage] = body(1).messages;
    expect(user).toEqual({ role: 'user', content: prompt });
    const call = assistant?.tool_calls?.[0];
    expect(call?.function).toEqual({
      name: 'create_todo',
      arguments: '{"title":"Buy oat milk","tags":"[\\"shopping\\",\\"errands\\"]"}',
    });
    expect(toolMessage?.role).toBe('tool');
    expect(toolMessage?.tool_call_id).toBe(call?.id);
    expect(toolMessage?.content).toMatch(/^Refused: /);
    expect(toolMessage?.content).toContain('"tags" must be a list');
    for (const request of replay.requests) {
      expect(JSON.stringify(request.body)).not.toContain('toolgate:refusal');
    }
  });

  it('runs the corrected turn with the list', () => {
    expect(executedAtStepEnd[1]).toBe(1);
    expect(executed).toStrictEqual([{ title: 'Buy oat milk', tags: ['shopping', 'errands'] }]);
    const toolMessage = body(2).messages[4];
    expect(toolMessage?.role).toBe('tool');
    expect(JSON.parse(toolMessage?.content ?? '')).toEqual({
      id: 41,
      title: 'Buy oat milk',
      tags: ['shopping', 'errands'],
    });
  });

  it('ends with the recorded answer', () => {
    expect(steps[2]?.finishReason).toBe('stop');
    expect(text).toBe('Done: "Buy oat milk" is on your list, tagged shopping and errands.');
  });
});
