import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { asSchema, jsonSchema, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { RefusalEvent } from '../options/gate-options.ts';
import { toolGate } from '../tool-gate.ts';

type FunctionTool = Extract<
  NonNullable<LanguageModelV4CallOptions['tools']>[number],
  { type: 'function' }
>;

const schemaOf = (properties: Record<string, unknown>) =>
  jsonSchema({ type: 'object', properties, additionalProperties: false });

function makeGate() {
  const tools = {
    read: tool({
      description: 'Read a file.',
      inputSchema: schemaOf({ path: { type: 'string' }, lines: { type: 'integer' } }),
      execute: async () => 'text',
    }),
    search: tool({
      description: 'Search the web.',
      inputSchema: schemaOf({ query: { type: 'string' }, limit: { type: 'integer' } }),
      execute: async () => 'found',
    }),
  } satisfies ToolSet;
  const refusals: RefusalEvent[] = [];
  const gate = toolGate({ tools, onRefusal: (event) => refusals.push(event) });
  /** A wrapped tool as the SDK offers it in each step: a new object, under the name given. */
  const offer = (
    name: string,
    wrapped: ToolSet[string],
    fields: Partial<FunctionTool> = {},
  ): FunctionTool => ({
    type: 'function',
    name,
    description: typeof wrapped.description === 'string' ? wrapped.description : undefined,
    inputSchema: asSchema(wrapped.inputSchema).jsonSchema as FunctionTool['inputSchema'],
    ...fields,
  });
  const offered = (name: keyof typeof tools, fields: Partial<FunctionTool> = {}) =>
    offer(name, gate.tools[name], fields);
  const model = (provider: string) => ({ provider, modelId: 'm' }) as LanguageModelV4;
  const { transformParams, wrapGenerate } = gate.middleware;
  if (transformParams === undefined || wrapGenerate === undefined) throw new Error('no middleware');
  const transform = (tools: FunctionTool[], provider = 'openai.responses') =>
    transformParams({
      type: 'generate',
      params: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools },
      model: model(provider),
    });
  const prepare = async (tools: FunctionTool[], provider?: string) =>
    ((await transform(tools, provider)).tools ?? []) as FunctionTool[];
  let calls = 0;
  /** Offers the tools and has the model call one of them: the refusals of that turn. */
  const judge = async (tools: FunctionTool[], toolName: string, input: unknown) => {
    const params = await transform(tools);
    refusals.length = 0;
    await wrapGenerate({
      params,
      model: model('openai.responses'),
      doStream: async () => {
        throw new Error('not streamed');
      },
      doGenerate: async () => ({
        content: [
          {
            type: 'tool-call',
            toolCallId: `call-${++calls}`,
            toolName,
            input: JSON.stringify(input),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    return refusals.map((refusal) => refusal.code);
  };
  return { gate, offer, offered, prepare, judge };
}

describe('a step that offers the tools of the last request again', () => {
  it('should be sent what was worked out for them, in new tool objects with its own other fields', async () => {
    const { offered, prepare } = makeGate();
    // A schema's first sighting is converted for its request alone, and not kept for the next.
    const own = await prepare([offered('read'), offered('search')]);
    const first = await prepare([offered('read'), offered('search')]);
    expect(first.map((sent) => sent.inputSchema)).toEqual(own.map((sent) => sent.inputSchema));
    const second = await prepare([
      offered('read', { description: 'Read a file (step 2).' }),
      offered('search', { providerOptions: { openai: { note: 'step 2' } } }),
    ]);

    expect(second.map((sent) => sent.inputSchema)).toEqual(first.map((sent) => sent.inputSchema));
    expect(second[0]?.inputSchema).toBe(first[0]?.inputSchema);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]).toMatchObject({ strict: true, description: 'Read a file (step 2).' });
    expect(second[1]).toMatchObject({
      strict: true,
      providerOptions: { openai: { note: 'step 2' } },
    });
    expect(first[1]?.providerOptions).toBeUndefined();
  });

  it('should send the one frozen conversion of a content, from its first request on', async () => {
    // A schema of its own, so that its content is first seen here.
    const tools = {
      note: tool({
        inputSchema: schemaOf({ text: { type: 'string', description: 'First seen here.' } }),
        execute: async () => 'noted',
      }),
    };
    const gate = toolGate({ tools });
    const send = async () => {
      const offered: FunctionTool = {
        type: 'function',
        name: 'note',
        inputSchema: asSchema(gate.tools.note.inputSchema)
          .jsonSchema as FunctionTool['inputSchema'],
      };
      const { transformParams } = gate.middleware;
      if (transformParams === undefined) throw new Error('no transformParams');
      const params = await transformParams({
        type: 'generate',
        params: { prompt: [], tools: [offered] },
        model: { provider: 'openai.responses', modelId: 'm' } as LanguageModelV4,
      });
      const [sent] = (params.tools ?? []) as FunctionTool[];
      return sent?.inputSchema;
    };
    const first = await send();
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first as { required: unknown }).required)).toBe(true);
    expect(await send()).toBe(first);
  });

  it('should not be touched by what was done to the tools sent before', async () => {
    const { offered, prepare } = makeGate();
    const first = await prepare([offered('read')]);
    const sentSchema = JSON.stringify(first[0]?.inputSchema);
    Object.assign(first[0] as FunctionTool, { strict: false, inputSchema: { type: 'object' } });

    const [second] = await prepare([offered('read')]);
    expect(second?.strict).toBe(true);
    expect(JSON.stringify(second?.inputSchema)).toBe(sentSchema);
  });

  it('should be prepared anew when the tools, their order, `strict` or the provider differ', async () => {
    const { offered, prepare } = makeGate();
    // Each variant follows a request of both tools, which it would otherwise be sent as.
    const both = () => prepare([offered('read'), offered('search')]);
    const [read, search] = await both();

    const swapped = await prepare([offered('search'), offered('read')]);
    expect(swapped.map((sent) => [sent.name, sent.inputSchema])).toEqual([
      ['search', search?.inputSchema],
      ['read', read?.inputSchema],
    ]);

    await both();
    const [alone] = await prepare([offered('search')]);
    expect(alone?.inputSchema).toEqual(search?.inputSchema);

    await both();
    const notStrict = await prepare([offered('read', { strict: false }), offered('search')]);
    expect(notStrict[0]?.strict).toBe(false);
    expect(notStrict[0]?.inputSchema).toEqual(offered('read').inputSchema);
    expect(notStrict[1]).toMatchObject({ strict: true, inputSchema: search?.inputSchema });

    await both();
    const elsewhere = await prepare([offered('read'), offered('search')], 'ollama.chat');
    expect(elsewhere.map((sent) => sent.strict)).toEqual([undefined, undefined]);
    expect(elsewhere[0]?.inputSchema).toEqual(offered('read').inputSchema);
  });

  it('should tell one schema offered under two names apart, and two schemas under one name', async () => {
    const { gate, offer, offered, prepare, judge } = makeGate();
    const [read] = await prepare([offered('read')]);
    const [copy] = await prepare([offer('copy', gate.tools.read)]);
    expect(copy).toMatchObject({ name: 'copy', inputSchema: read?.inputSchema });
    await prepare([offered('read')]);
    expect(await judge([offer('copy', gate.tools.read)], 'copy', { path: '/a' })).toEqual([]);
    expect(
      await judge([offer('copy', gate.tools.read)], 'copy', { path: '/a', lines: 'many' }),
    ).toEqual(['arguments']);

    const changed = gate.wrapTools({
      copy: tool({
        inputSchema: schemaOf({ path: { type: 'string' }, encoding: { type: 'string' } }),
        execute: async () => 'text',
      }),
    });
    const [other] = await prepare([offer('copy', changed.copy)]);
    expect(other?.inputSchema).toMatchObject({
      properties: { encoding: { type: ['string', 'null'] } },
    });
  });
});
