import { openai } from '@ai-sdk/openai';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import {
  asSchema,
  generateText,
  isStepCount,
  jsonSchema,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { GateWiringError, InvalidGateOptionError, toolGate } from '../../src/index.ts';
import { call, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * Attacks on the wrapped schemas a gate hands out again (one per tool name and content) and on a
 * request prepared without waiting: users sharing a gate never run each other's tools or get each
 * other's verdicts, and a wiring mistake is reported before anything else is read.
 */

describe('a wiring mistake next to a provider-defined tool whose schema is a promise', () => {
  function setup(schema: Promise<never>) {
    schema.catch(() => {});
    const shell = {
      ...openai.tools.localShell({ execute: async () => ({ output: 'ok' }) }),
      inputSchema: jsonSchema(() => schema),
    };
    const gate = toolGate({ tools: { local_shell: shell } });
    const execute = vi.fn(async () => 'ran');
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('c1', 'weather', { city: 'Rome' })]), textTurn('done')],
    });
    const tools: ToolSet = {
      ...gate.tools,
      // The app's own tool, not wrapped: the request must fail before the model is called.
      weather: tool({
        inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } } }),
        execute,
      }),
    };
    const run = () =>
      generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools,
        prompt: 'hi',
        stopWhen: isStepCount(2),
        maxRetries: 0,
      });
    return { run, model, execute };
  }

  it('should throw the GateWiringError, not the schema promise rejection', async () => {
    const { run, model, execute } = setup(Promise.reject(new Error('schema server down')));
    const error = await run().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(GateWiringError.isInstance(error)).toBe(true);
    expect((error as GateWiringError).toolNames).toEqual(['weather']);
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(execute).not.toHaveBeenCalled();
  });

  it('should throw the GateWiringError without waiting on a schema promise that never settles', async () => {
    const { run, model } = setup(new Promise<never>(() => {}));
    const outcome = await Promise.race([
      run().then(
        () => 'finished',
        (caught: unknown) => (GateWiringError.isInstance(caught) ? 'wiring' : String(caught)),
      ),
      // Not a timing assertion: a request that waits on the pending schema never settles at all.
      new Promise((resolve) => setImmediate(() => setImmediate(() => resolve('still waiting')))),
    ]);
    expect(outcome).toBe('wiring');
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

/** The first user message's text: which user a request is for. */
function userOf(prompt: LanguageModelV4Prompt): string {
  const first = prompt.find((message) => message.role === 'user');
  return first?.content[0]?.type === 'text' ? first.content[0].text : '';
}

/** A model that calls `read_file` once with the user's own path, then answers with text. */
function readingModel() {
  const answered = (prompt: LanguageModelV4Prompt) =>
    prompt.some((message) => message.role === 'tool');
  const turn = (prompt: LanguageModelV4Prompt) => [
    call(`call_${userOf(prompt)}`, 'read_file', { path: `/home/${userOf(prompt)}` }),
  ];
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async ({ prompt }) =>
      answered(prompt) ? textTurn('done') : toolTurn(turn(prompt)),
    doStream: async ({ prompt }) => ({
      stream: convertArrayToReadableStream(
        answered(prompt) ? streamTurn([], 'done') : streamTurn(turn(prompt)),
      ),
    }),
  });
}

/** `read_file` as an MCP client builds it per request: `required` says what the server needs. */
function readFile(required: string[], execute: (input: { path: string }) => Promise<string>) {
  return tool({
    inputSchema: jsonSchema<{ path: string; lines?: number }>({
      type: 'object',
      properties: { path: { type: 'string' }, lines: { type: 'integer' } },
      required,
      additionalProperties: false,
    }),
    execute,
  });
}

const modes = [
  {
    mode: 'generateText',
    run: async (model: ReturnType<typeof wrapLanguageModel>, tools: ToolSet, user: string) => {
      const result = await generateText({ model, tools, prompt: user, stopWhen: isStepCount(2) });
      return { steps: result.steps, messages: result.response.messages };
    },
  },
  {
    mode: 'streamText',
    run: async (model: ReturnType<typeof wrapLanguageModel>, tools: ToolSet, user: string) => {
      const result = streamText({ model, tools, prompt: user, stopWhen: isStepCount(2) });
      const ui: unknown[] = [];
      for await (const part of result.toUIMessageStream()) ui.push(part);
      return { steps: await result.steps, messages: (await result.response).messages, ui };
    },
  },
];

describe.each(modes)('one tool name, two contents, concurrent users ($mode)', ({ run }) => {
  it("should run each user's own execute, judged by that user's content, and show no gate data", async () => {
    const gate = toolGate();
    const model = wrapLanguageModel({ model: readingModel(), middleware: gate.middleware });
    const ran: string[] = [];
    // Ann's server needs only `path`; Bob's also needs `lines`, which the model does not send.
    const requiredOf = (user: string) => (user.startsWith('ann') ? ['path'] : ['path', 'lines']);
    const users = Array.from({ length: 12 }, (_, index) => `${index % 2 ? 'bob' : 'ann'}${index}`);
    const results = await Promise.all(
      users.map((user) => {
        const tools = gate.wrapTools({
          read_file: readFile(requiredOf(user), async ({ path }) => {
            ran.push(`${user} ${path}`);
            return `contents of ${path}`;
          }),
        });
        return run(model, tools, user);
      }),
    );

    expect(ran.sort()).toEqual(
      users
        .filter((user) => user.startsWith('ann'))
        .map((user) => `${user} /home/${user}`)
        .sort(),
    );
    for (const [index, user] of users.entries()) {
      const seen = JSON.stringify(results[index]);
      const [first] = results[index]?.steps ?? [];
      if (user.startsWith('ann')) {
        expect(first?.toolResults.map((result) => result.output)).toEqual([
          `contents of /home/${user}`,
        ]);
      } else {
        expect(first?.toolResults).toHaveLength(0);
        expect(seen).toContain('Refused:');
      }
      // Nothing of another request, nothing of the gate's mechanism.
      for (const other of users) if (other !== user) expect(seen).not.toContain(`/home/${other}"`);
      expect(seen).not.toContain('toolgate:');
    }
  });
});

describe('wrapped schemas shared between tool sets', () => {
  it('gate.tools and gate.wrapTools of the same content: each runs its own execute and approval', async () => {
    const executeAtStart = vi.fn(async () => 'start-up tool');
    const executeLater = vi.fn(async (_input: { path: string }) => 'per-request tool');
    const schema = () => ({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    });
    const gate = toolGate({
      tools: {
        read_file: tool({
          inputSchema: jsonSchema<{ path: string }>(schema()),
          needsApproval: true,
          execute: executeAtStart,
        }),
      },
    });
    const later = gate.wrapTools({
      // A thunk, as a lazily built schema: the same content, so the same wrapped schema.
      read_file: tool({
        inputSchema: jsonSchema<{ path: string }>(() => schema()),
        execute: executeLater,
      }),
    });
    expect(later.read_file.inputSchema).toBe(gate.tools.read_file.inputSchema);
    const model = wrapLanguageModel({ model: readingModel(), middleware: gate.middleware });
    const [atStart, perRequest] = await Promise.all([
      generateText({ model, tools: gate.tools, prompt: 'ann', stopWhen: isStepCount(2) }),
      generateText({ model, tools: later, prompt: 'bob', stopWhen: isStepCount(2) }),
    ]);

    // The start-up tool asks for approval and runs nothing; the per-request one runs its own.
    expect(atStart.steps[0]?.content.map((part) => part.type)).toContain('tool-approval-request');
    expect(executeAtStart).not.toHaveBeenCalled();
    expect(executeLater.mock.calls.map(([input]) => input)).toEqual([{ path: '/home/bob' }]);
    expect(perRequest.steps[0]?.toolResults.map((result) => result.output)).toEqual([
      'per-request tool',
    ]);
  });

  it("two gates never share a wrapped schema: one gate's tools with the other's model fail", async () => {
    const make = () => ({ read_file: readFile(['path'], async () => 'ran') });
    const gateA = toolGate();
    const gateB = toolGate();
    const toolsA = gateA.wrapTools(make());
    const toolsB = gateB.wrapTools(make());
    expect(toolsA.read_file.inputSchema).not.toBe(toolsB.read_file.inputSchema);
    const inner = readingModel();
    const error = await generateText({
      model: wrapLanguageModel({ model: inner, middleware: gateB.middleware }),
      tools: toolsA,
      prompt: 'ann',
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(GateWiringError.isInstance(error)).toBe(true);
    expect(inner.doGenerateCalls).toHaveLength(0);
  });

  it('an app schema changed in place after wrapping: the next tool set is judged by the new content', async () => {
    const gate = toolGate();
    const model = wrapLanguageModel({ model: readingModel(), middleware: gate.middleware });
    const content = {
      type: 'object',
      properties: { path: { type: 'string' }, lines: { type: 'integer' } },
      required: ['path'],
    };
    const ran: string[] = [];
    const toolsFor = (user: string) =>
      gate.wrapTools({
        read_file: tool({
          inputSchema: jsonSchema<{ path: string }>(content),
          execute: async ({ path }) => {
            ran.push(`${user} ${path}`);
            return 'ok';
          },
        }),
      });
    const before = toolsFor('ann');
    content.required.push('lines');
    const after = toolsFor('bob');
    expect(after.read_file.inputSchema).not.toBe(before.read_file.inputSchema);
    await Promise.all([
      generateText({ model, tools: before, prompt: 'ann', stopWhen: isStepCount(2) }),
      generateText({ model, tools: after, prompt: 'bob', stopWhen: isStepCount(2) }),
    ]);
    // Ann's tools keep the content they were wrapped with; Bob's need `lines`, so his call is refused.
    expect(ran).toEqual(['ann /home/ann']);
  });
});

describe('a provider-defined tool whose app schema is a promise', () => {
  it('should be awaited, then its overrides enforced: a disallowed call is refused, an allowed one runs', async () => {
    const execute = vi.fn(async (_input: unknown) => ({ output: 'ok' }));
    const shell = openai.tools.localShell({ execute });
    const later = {
      ...shell,
      inputSchema: jsonSchema(async () => asSchema(shell.inputSchema).jsonSchema),
    };
    const ls = { type: 'exec', command: ['ls'] };
    const rm = { type: 'exec', command: ['rm', '-rf', '/'] };
    const gate = toolGate({
      tools: { local_shell: later },
      overrides: { local_shell: { action: { enum: [ls] } } },
    });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([call('s0', 'local_shell', { action: rm })]),
        toolTurn([call('s1', 'local_shell', { action: ls })]),
        textTurn('done'),
      ],
    });
    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(4),
    });
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ action: ls }]);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('Refused:');
  });

  it('should report an override the awaited schema does not allow before the model is called', async () => {
    const shell = openai.tools.localShell({ execute: async () => ({ output: 'ok' }) });
    const later = {
      ...shell,
      inputSchema: jsonSchema(async () => asSchema(shell.inputSchema).jsonSchema),
    };
    const gate = toolGate({
      tools: { local_shell: later },
      overrides: { local_shell: { nowhere: { value: 1 } } },
    });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [textTurn('done')],
    });
    const error = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(InvalidGateOptionError.isInstance(error)).toBe(true);
    expect(String(error)).toContain('nowhere');
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
