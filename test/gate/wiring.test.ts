import type { LanguageModelV4Middleware, LanguageModelV4Prompt } from '@ai-sdk/provider';
import {
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
import { z } from 'zod';
import { GateWiringError, toolGate } from '../../src/index.ts';
import { call, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * The gate can only hold back the calls of tools it wrapped. Whatever else reaches the wrapped
 * model (the app's original tools, a mix, another gate's tools, schemas a middleware replaced in
 * front of the gate) fails before the model is called, with an error naming those tools; nothing
 * is asked of the model and nothing runs. Tools wrapped per request work on one gate.
 */

function makeTools() {
  const execute = vi.fn(async () => 'ran');
  const tools = {
    weather: tool({ inputSchema: z.object({ city: z.string() }), execute }),
    // As an MCP client hands a server's tool over: JSON Schema, no validator.
    remote_search: tool({
      inputSchema: jsonSchema({ type: 'object', properties: { query: { type: 'string' } } }),
      execute,
    }),
    deploy: tool({
      inputSchema: z.object({ env: z.enum(['staging', 'prod']) }),
      needsApproval: true,
      execute,
    }),
  };
  return { tools, execute };
}

/** A model whose turn, were it ever asked, would pass: the wiring alone must stop the request. */
function makeModel() {
  const turn = [call('c1', 'weather', { city: 'Rome' }), call('c2', 'remote_search', {})];
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [toolTurn(turn), textTurn('done')],
    doStream: [
      { stream: convertArrayToReadableStream(streamTurn(turn)) },
      { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
    ],
  });
}

async function wiringErrorOf(run: () => Promise<unknown>): Promise<GateWiringError> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!GateWiringError.isInstance(error)) {
    throw new Error(`expected a GateWiringError, got ${String(error)}`);
  }
  return error;
}

type Runner = (settings: {
  model: ReturnType<typeof wrapLanguageModel>;
  tools: ToolSet;
}) => Promise<unknown>;

const runners: Array<{ mode: string; run: Runner }> = [
  {
    mode: 'generateText',
    run: ({ model, tools }) =>
      generateText({ model, tools, prompt: 'hi', stopWhen: isStepCount(3), maxRetries: 0 }),
  },
  {
    mode: 'streamText',
    run: async ({ model, tools }) => {
      const result = streamText({
        model,
        tools,
        prompt: 'hi',
        stopWhen: isStepCount(3),
        maxRetries: 0,
        // The error is read from the result below; the default handler would only log it.
        onError: () => {},
      });
      // A stream reports a failed request through its parts; the text rejects with the error.
      let streamError: unknown;
      for await (const part of result.fullStream) {
        if (part.type === 'error') streamError ??= part.error;
      }
      if (streamError !== undefined) throw streamError;
      return result.text;
    },
  },
];

describe.each(runners)('wiring, $mode', ({ run }) => {
  it('the original tools with the gated model: fails naming them, before the model is called', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const model = makeModel();

    const error = await wiringErrorOf(() =>
      run({ model: wrapLanguageModel({ model, middleware: gate.middleware }), tools }),
    );

    expect(error.toolNames).toEqual(['weather', 'remote_search', 'deploy']);
    expect(error.message).toContain('"weather", "remote_search", "deploy"');
    expect(error.message).toContain('gate.toolSettings({ tools })');
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(model.doStreamCalls).toHaveLength(0);
    expect(execute).not.toHaveBeenCalled();
  });

  it('a mix of wrapped and original tools: names only the original ones', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools: { weather: tools.weather } });
    const model = makeModel();

    const error = await wiringErrorOf(() =>
      run({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: { ...gate.tools, remote_search: tools.remote_search, deploy: tools.deploy },
      }),
    );

    expect(error.toolNames).toEqual(['remote_search', 'deploy']);
    expect(error.message).not.toContain('"weather"');
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(model.doStreamCalls).toHaveLength(0);
    expect(execute).not.toHaveBeenCalled();
  });

  it("tools wrapped by gate A with gate B's middleware: fails naming them", async () => {
    const { tools, execute } = makeTools();
    const gateA = toolGate({ tools });
    const gateB = toolGate({ tools });
    const model = makeModel();

    const error = await wiringErrorOf(() =>
      run({
        model: wrapLanguageModel({ model, middleware: gateB.middleware }),
        tools: gateA.tools,
      }),
    );

    expect(error.toolNames).toEqual(['weather', 'remote_search', 'deploy']);
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(model.doStreamCalls).toHaveLength(0);
    expect(execute).not.toHaveBeenCalled();
  });

  it('the same tools wrapped by gate B per request: gate B serves them', async () => {
    const { tools, execute } = makeTools();
    const gateB = toolGate();
    const model = makeModel();

    await run({
      model: wrapLanguageModel({ model, middleware: gateB.middleware }),
      tools: gateB.wrapTools(tools),
    });

    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('a middleware in front of the gate that replaces tool schemas: fails; behind it: runs', async () => {
    const copySchemas: LanguageModelV4Middleware = {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => ({
        ...params,
        tools: params.tools?.map((sent) =>
          sent.type === 'function' ? { ...sent, inputSchema: { ...sent.inputSchema } } : sent,
        ),
      }),
    };
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const inFront = makeModel();

    const error = await wiringErrorOf(() =>
      run({
        model: wrapLanguageModel({ model: inFront, middleware: [copySchemas, gate.middleware] }),
        tools: gate.tools,
      }),
    );
    expect(error.toolNames).toEqual(['weather', 'remote_search', 'deploy']);
    expect(inFront.doGenerateCalls).toHaveLength(0);
    expect(inFront.doStreamCalls).toHaveLength(0);
    expect(execute).not.toHaveBeenCalled();

    await run({
      model: wrapLanguageModel({ model: makeModel(), middleware: [gate.middleware, copySchemas] }),
      tools: gate.tools,
    });
    expect(execute).toHaveBeenCalledTimes(2);
  });
});

function requestOf(prompt: LanguageModelV4Prompt): string {
  const first = prompt.find((message) => message.role === 'user');
  return first?.content[0]?.type === 'text' ? first.content[0].text : '';
}

describe('tools wrapped per request on one gate', () => {
  it('1,000 requests with freshly built tools: each passed call gets its own decoded input', async () => {
    const gate = toolGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: async ({ prompt }) => {
        if (prompt.some((message) => message.role === 'tool')) return textTurn('done');
        // The strict model fills the optional `region` with its null placeholder.
        return toolTurn([
          call('call_0', 'weather', { city: `city ${requestOf(prompt)}`, region: null }),
        ]);
      },
    });
    const wrapped = wrapLanguageModel({ model, middleware: gate.middleware });
    const received: Array<{ request: number; input: unknown }> = [];

    await Promise.all(
      Array.from({ length: 1000 }, (_, request) => {
        // Built anew per request, as `await mcpClient.tools()` or per-user tools are.
        const tools = {
          weather: tool({
            inputSchema: z.object({
              city: z.string().transform((city) => city.toUpperCase()),
              region: z.string().optional(),
            }),
            execute: async (input) => {
              received.push({ request, input });
              return 'sunny';
            },
          }),
          remote_search: tool({
            inputSchema: jsonSchema({ type: 'object', properties: { query: { type: 'string' } } }),
            execute: async () => 'found',
          }),
        };
        return generateText({
          model: wrapped,
          tools: gate.wrapTools(tools),
          activeTools: request % 2 === 0 ? ['weather'] : undefined,
          prompt: String(request),
          stopWhen: isStepCount(3),
        });
      }),
    );

    expect(received).toHaveLength(1000);
    const byRequest = new Map(received.map(({ request, input }) => [request, input]));
    for (let request = 0; request < 1000; request++) {
      expect(byRequest.get(request)).toStrictEqual({ city: `CITY ${request}` });
    }
    // activeTools narrows what the wrapped tools offer, as without the gate.
    const offered = model.doGenerateCalls.map((options) => ({
      request: Number(requestOf(options.prompt)),
      names: options.tools?.map((sent) => sent.name),
    }));
    expect(offered).toHaveLength(2000);
    for (const { request, names } of offered) {
      expect(names).toEqual(request % 2 === 0 ? ['weather'] : ['weather', 'remote_search']);
    }
  });
  it('MCP-like tools rebuilt per request: one schema per content, each user runs their own tool', async () => {
    const gate = toolGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: async ({ prompt }) => {
        if (prompt.some((message) => message.role === 'tool')) return textTurn('done');
        return toolTurn([call('call_0', 'read_file', { path: `/home/${requestOf(prompt)}` })]);
      },
    });
    const wrapped = wrapLanguageModel({ model, middleware: gate.middleware });
    const ran: string[] = [];
    // As `await mcpClient.tools()` gives them: new objects of the same content each request.
    const toolsOf = (user: string, required: string[] = ['path']) => ({
      read_file: tool({
        inputSchema: jsonSchema<{ path: string; lines?: number }>({
          type: 'object',
          properties: { path: { type: 'string' }, lines: { type: 'integer' } },
          required,
          additionalProperties: false,
        }),
        execute: async ({ path }) => {
          ran.push(`${user} ${path}`);
          return 'ok';
        },
      }),
    });
    const run = (user: string, tools: ToolSet) =>
      generateText({ model: wrapped, tools, prompt: user, stopWhen: isStepCount(2) });

    const requests = ['ann', 'bob', 'ann', 'bob'].map((user) => {
      const tools = gate.wrapTools(toolsOf(user));
      return { user, tools, result: run(user, tools) };
    });
    await Promise.all(requests.map(({ result }) => result));
    // The same content shares one wrapped schema; each request's own `execute` ran its call.
    const schemas = new Set(requests.map(({ tools }) => tools.read_file.inputSchema));
    expect(schemas.size).toBe(1);
    expect(ran.sort()).toEqual([
      'ann /home/ann',
      'ann /home/ann',
      'bob /home/bob',
      'bob /home/bob',
    ]);

    // The server changes the tool: the same call is judged by the new content and refused.
    const changed = await run('cid', gate.wrapTools(toolsOf('cid', ['path', 'lines'])));
    expect(changed.steps[0]?.toolResults).toHaveLength(0);
    expect(ran).not.toContain('cid /home/cid');
    expect(JSON.stringify(changed.steps[0]?.content)).toContain('Refused:');
  });
});
