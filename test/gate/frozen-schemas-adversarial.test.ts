import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import {
  asSchema,
  dynamicTool,
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModelMiddleware,
  type ModelMessage,
  type Schema,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { ToStrictSchemaOptions } from '../../src/decode/to-strict-schema.ts';
import { toolGate, toStrictSchema } from '../../src/index.ts';
import {
  call,
  contentTagger,
  offeredTools,
  refusalAnswers,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * Hostile use of what gates share through the store of prepared schemas: strict conversions, one
 * frozen record per content and scope, sent to every tool, gate, profile and set of defaults of
 * that content; and the input schema a gate keeps per tool name and content (one frozen object
 * handed to every wrapped tool of that name and content). An edit tried through one tool's schema
 * must fail, and never reach what another sends later, nor any verdict or decoded input.
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** Content no other test of this file has shown the store. */
const tag = contentTagger('frozen-schemas-adversarial');

/**
 * A search tool's schema. `filter` is optional, so a strict conversion sends it as
 * `type: ["string", "null"]`: the list every such tool holds, and the one these tests edit.
 */
function searchSchema(description: string, modes: readonly unknown[] = ['r', 'w']) {
  return {
    type: 'object',
    description,
    properties: {
      query: { type: 'string' },
      filter: { type: 'string' },
      mode: { type: 'string', enum: [...modes] },
    },
    required: ['query', 'mode'],
    additionalProperties: false,
  };
}

type StrictParts = {
  readonly properties: Readonly<
    Record<string, { readonly type?: unknown; readonly enum?: unknown }>
  >;
};

/** The array a strict schema holds at `properties[name][key]`. */
function listAt(schema: unknown, name: string, key: 'type' | 'enum'): unknown[] {
  const list = (schema as StrictParts).properties[name]?.[key];
  if (!Array.isArray(list)) throw new Error(`no list at ${name}.${key}`);
  return list;
}

/** What a content should be sent as: its strict conversion, made from a fresh copy. */
function expectedStrict(content: object, options: ToStrictSchemaOptions = {}): string {
  const result = toStrictSchema(structuredClone(content), options);
  if (!result.strict) throw new Error('expected a strict conversion');
  return JSON.stringify(result.schema);
}

type Edit = (list: unknown[]) => void;

/** In-place edits a careless middleware after the gate might make to a list it is sent. */
const inPlaceEdits: ReadonlyArray<readonly [string, Edit]> = [
  ['push', (list) => list.push('number')],
  ['pop', (list) => list.pop()],
  ['reverse', (list) => list.reverse()],
  [
    'index assignment',
    (list) => {
      list[0] = 'number';
    },
  ],
  [
    'length change',
    (list) => {
      list.length = 1;
    },
  ],
  [
    'a getter giving another item',
    (list) => Object.defineProperty(list, 0, { get: () => 'number', enumerable: true }),
  ],
  ['an own toJSON', (list) => Object.defineProperty(list, 'toJSON', { value: () => ['number'] })],
  [
    'a prototype with toJSON',
    (list) =>
      Object.setPrototypeOf(
        list,
        Object.assign(Object.create(Array.prototype), { toJSON: () => ['number'] }),
      ),
  ],
];

type Executed = { readonly tool: string; readonly input: unknown };
type Gate = ReturnType<typeof toolGate>;

/** MCP-style tools, as a client's `tools()` makes them for every request: no validator. */
function mcpTools(schemas: Readonly<Record<string, object>>, executed: Executed[]): ToolSet {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      dynamicTool({
        inputSchema: jsonSchema(structuredClone(schema)),
        execute: async (input) => {
          executed.push({ tool: name, input });
          return 'found';
        },
      }),
    ]),
  );
}

/** JSON text as a provider would send it, or a mark for a schema it could not serialize. */
function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return 'unserializable';
  }
}

/** Each function tool's schema in a request, by name, as JSON text. */
function schemaTextsOf(params: LanguageModelV4CallOptions): Record<string, string> {
  return Object.fromEntries(
    (params.tools ?? []).map((offered) => [
      offered.name,
      jsonOf(offered.type === 'function' ? offered.inputSchema : undefined),
    ]),
  );
}

/**
 * A mock model recording each request's schemas as JSON text when it is called (as a provider
 * serializes its request): what a later edit does to the objects cannot rewrite the record.
 */
function recordingModel(provider: string, turns: readonly LanguageModelV4GenerateResult[]) {
  const sent: Array<Record<string, string>> = [];
  const model = new MockLanguageModelV4({
    provider,
    doGenerate: async (options) => {
      sent.push(schemaTextsOf(options));
      return turns[sent.length - 1] ?? textTurn('done');
    },
  });
  return { model, sent };
}

/** One request: each call in a step of its own, then a text turn. */
async function send({
  gate,
  schemas,
  calls = [],
  provider = 'openai.responses',
  after = [],
}: {
  gate: Gate;
  schemas: Readonly<Record<string, object>>;
  calls?: ReturnType<typeof call>[];
  provider?: string;
  after?: LanguageModelMiddleware[];
}) {
  const executed: Executed[] = [];
  const { model, sent } = recordingModel(provider, [
    ...calls.map((toolCall) => toolTurn([toolCall])),
    textTurn('done'),
  ]);
  await generateText({
    model: wrapLanguageModel({ model, middleware: [gate.middleware, ...after] }),
    tools: gate.wrapTools(mcpTools(schemas, executed)),
    prompt: 'search',
    stopWhen: isStepCount(calls.length + 1),
  });
  const refused = model.doGenerateCalls.flatMap((params) =>
    refusalAnswers(params.prompt).refused.map((result) => result.toolCallId),
  );
  return { model, sent, executed, refused: [...new Set(refused)] };
}

type Sent = Awaited<ReturnType<typeof send>>;

/** The schema objects a tool was sent, step by step. */
function sentObjects(model: MockLanguageModelV4, toolName: string): unknown[] {
  return model.doGenerateCalls.map(
    (params: LanguageModelV4CallOptions) => offeredTools(params).get(toolName)?.inputSchema,
  );
}

/**
 * A middleware placed after the gate that tries, in each strict schema it is sent, an edit in place
 * of the `filter` type list and of the `mode` enum, noting whether each failed.
 */
function editing(edit: Edit, outcomes: string[]): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => {
      for (const sent of params.tools ?? []) {
        if (sent.type !== 'function' || sent.strict !== true) continue;
        for (const list of [
          listAt(sent.inputSchema, 'filter', 'type'),
          listAt(sent.inputSchema, 'mode', 'enum'),
        ]) {
          try {
            edit(list);
            outcomes.push('edited');
          } catch (error) {
            outcomes.push((error as Error).name);
          }
        }
      }
      return params;
    },
  };
}

const validSearch = { query: 'q', filter: null, mode: 'w' };
/** Outside every schema here; the value most edits put in the lists. */
const invalidSearch = { query: 'q', filter: null, mode: 'number' };

/**
 * Four tools of their own content on three gates (one with defaults, one on a provider of another
 * profile), prepared, then a request of one gate whose middleware tries to edit the lists of the
 * schema it is sent; what every tool is sent and judged by afterwards.
 */
async function expectEachByItsOwnContent(label: string, edit: Edit) {
  const plain = toolGate();
  const defaults = { gamma: { filter: 'all' } };
  const withDefaults = toolGate({ defaults });
  const cerebras = toolGate();
  const contents = {
    alpha: searchSchema(tag(`${label} alpha`)),
    beta: searchSchema(tag(`${label} beta`)),
    gamma: searchSchema(tag(`${label} gamma`)),
    delta: searchSchema(tag(`${label} delta`)),
  };
  await send({ gate: plain, schemas: { alpha: contents.alpha, beta: contents.beta } });
  await send({ gate: withDefaults, schemas: { gamma: contents.gamma } });
  await send({ gate: cerebras, schemas: { delta: contents.delta }, provider: 'cerebras.chat' });

  const outcomes: string[] = [];
  await send({ gate: plain, schemas: { alpha: contents.alpha }, after: [editing(edit, outcomes)] });
  expect(outcomes).toEqual(['TypeError', 'TypeError']);

  const later = {
    beta: await send({
      gate: plain,
      schemas: { beta: contents.beta },
      calls: [call('b1', 'beta', validSearch), call('b2', 'beta', invalidSearch)],
    }),
    gamma: await send({
      gate: withDefaults,
      schemas: { gamma: contents.gamma },
      calls: [call('g1', 'gamma', validSearch), call('g2', 'gamma', invalidSearch)],
    }),
    delta: await send({
      gate: cerebras,
      schemas: { delta: contents.delta },
      calls: [call('d1', 'delta', validSearch), call('d2', 'delta', invalidSearch)],
      provider: 'cerebras.chat',
    }),
    both: await send({
      gate: plain,
      schemas: { alpha: contents.alpha, beta: contents.beta },
      calls: [call('a1', 'alpha', validSearch), call('a2', 'alpha', invalidSearch)],
    }),
  };
  const expected = {
    alpha: expectedStrict(contents.alpha),
    beta: expectedStrict(contents.beta),
    gamma: expectedStrict(contents.gamma, { defaults: defaults.gamma }),
    delta: expectedStrict(contents.delta, { profile: 'cerebras' }),
  };
  // Three steps each: a valid call, an invalid one, text.
  expect(later.beta.sent).toEqual(Array.from({ length: 3 }, () => ({ beta: expected.beta })));
  expect(later.gamma.sent).toEqual(Array.from({ length: 3 }, () => ({ gamma: expected.gamma })));
  expect(later.delta.sent).toEqual(Array.from({ length: 3 }, () => ({ delta: expected.delta })));
  expect(later.both.sent).toEqual(
    Array.from({ length: 3 }, () => ({ alpha: expected.alpha, beta: expected.beta })),
  );
  // Decoded by each tool's own plan: a null filter is left out, or given its default.
  const decoded = { query: 'q', mode: 'w' };
  expect(later.beta.executed).toEqual([{ tool: 'beta', input: decoded }]);
  expect(later.gamma.executed).toEqual([{ tool: 'gamma', input: { ...decoded, filter: 'all' } }]);
  expect(later.delta.executed).toEqual([{ tool: 'delta', input: decoded }]);
  expect(later.both.executed).toEqual([{ tool: 'alpha', input: decoded }]);
  expect([later.beta, later.gamma, later.delta, later.both].map((run) => run.refused)).toEqual([
    ['b2'],
    ['g2'],
    ['d2'],
    ['a2'],
  ]);
}

describe('through the gate: a middleware after it tries to edit a list of one tool in place', () => {
  for (const [name, edit] of inPlaceEdits) {
    it(`${name}: fails, and every later request, of any tool, gate, defaults or profile, is sent and judged by its own content`, async () => {
      await expectEachByItsOwnContent(name, edit);
    });
  }
});

describe('concurrent loops of tools rebuilt for every request', () => {
  it('should send 40 loops on two gates each its own content, one frozen conversion per content and scope', async () => {
    const defaults = { search: { filter: 'all' } };
    const gates = [toolGate(), toolGate({ defaults })];
    const loops = 40;
    const contents = Array.from({ length: loops }, (_, index) =>
      searchSchema(tag(`concurrent ${index}`)),
    );
    const gateOf = (index: number) => index % 2;
    /** Loops 0, 1, 4, 5… send a valid call; 2, 3, 6, 7… one outside the list. */
    const validOf = (index: number) => Math.floor(index / 2) % 2 === 0;
    const round = (index: number, number: number) =>
      send({
        gate: gates[gateOf(index)] as Gate,
        // One tool name for all: each gate's kept schema for it changes hands all the time.
        schemas: { search: contents[index] as object },
        calls: [
          call(`c-${index}-${number}`, 'search', validOf(index) ? validSearch : invalidSearch),
        ],
      });
    const check = (index: number, run: Sent, number: number) => {
      const content = contents[index] as object;
      const text = expectedStrict(
        content,
        gateOf(index) === 1 ? { defaults: defaults.search } : {},
      );
      expect(run.sent).toEqual([{ search: text }, { search: text }]);
      const input =
        gateOf(index) === 1 ? { query: 'q', filter: 'all', mode: 'w' } : { query: 'q', mode: 'w' };
      expect(run.executed).toEqual(validOf(index) ? [{ tool: 'search', input }] : []);
      expect(run.refused).toEqual(validOf(index) ? [] : [`c-${index}-${number}`]);
    };
    const indexes = Array.from({ length: loops }, (_, index) => index);

    // Two rounds per loop, all loops at once.
    const runs = await Promise.all(
      indexes.map(async (index) => [await round(index, 0), await round(index, 1)]),
    );
    for (const index of indexes) {
      const [first, second] = runs[index] as [Sent, Sent];
      check(index, first, 0);
      check(index, second, 1);
      // Every step of both rounds sent the one frozen conversion of the loop's content.
      const sent = [...sentObjects(first.model, 'search'), ...sentObjects(second.model, 'search')];
      expect(new Set(sent).size).toBe(1);
      expect(Object.isFrozen(listAt(sent[0], 'filter', 'type'))).toBe(true);
    }
  });
});

describe('the input schema a gate keeps per tool name and content', () => {
  /** The kept schema `gate.wrapTools` gives an MCP-style tool of this content. */
  function keptOf(gate: Gate, content: object, name = 'search'): Schema<unknown> {
    return gate.wrapTools(mcpTools({ [name]: content }, []))[name]?.inputSchema as Schema<unknown>;
  }

  it('should be one frozen object per gate, name and content, which app code cannot reassign', async () => {
    const content = searchSchema(tag('kept frozen'));
    const gate = toolGate();
    const kept = keptOf(gate, content);
    expect(keptOf(gate, content)).toBe(kept);
    expect(keptOf(toolGate(), content)).not.toBe(kept);
    expect(Object.isFrozen(kept)).toBe(true);
    const forged = async (value: unknown) => ({ success: true as const, value });
    const assignments = [
      () => {
        (kept as { validate: unknown }).validate = forged;
      },
      () => {
        (kept as { jsonSchema: unknown }).jsonSchema = { type: 'object' };
      },
      () => Object.defineProperty(kept, 'validate', { value: forged }),
      () => Object.setPrototypeOf(kept, { validate: forged }),
    ];
    for (const assign of assignments) expect(assign).toThrow(TypeError);
    expect(Reflect.deleteProperty(kept, 'validate')).toBe(false);

    // Still the gate's own: its next request judges by the content, and runs the tool's execute.
    const run = await send({
      gate,
      schemas: { search: content },
      calls: [call('k1', 'search', invalidSearch), call('k2', 'search', validSearch)],
    });
    expect(keptOf(gate, content)).toBe(kept);
    expect(run.refused).toEqual(['k1']);
    expect(run.executed).toEqual([{ tool: 'search', input: { query: 'q', mode: 'w' } }]);
    expect(run.sent[0]).toEqual({ search: expectedStrict(content) });
  });

  it('should be taken by asSchema as it is, and judged in a tool the app builds around it', async () => {
    const content = searchSchema(tag('kept asSchema'));
    const gate = toolGate();
    const kept = keptOf(gate, content);
    expect(asSchema(kept)).toBe(kept);
    // Its JSON Schema is a data property: the gate's own object, made and known at once.
    expect(Object.getOwnPropertyDescriptor(kept, 'jsonSchema')?.get).toBeUndefined();
    expect(kept.jsonSchema).toEqual(content);
    expect(asSchema({ ...kept }).jsonSchema).toBe(kept.jsonSchema);

    // Not through `wrapTools`: the app's own tool, around the gate's schema.
    const executed: unknown[] = [];
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([call('own-1', 'search', invalidSearch)]),
        toolTurn([call('own-2', 'search', validSearch)]),
        textTurn('done'),
      ],
    });
    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: {
        search: dynamicTool({
          inputSchema: kept,
          execute: async (input) => {
            executed.push(input);
            return 'found';
          },
        }),
      },
      prompt: 'search',
      stopWhen: isStepCount(3),
    });
    expect(executed).toEqual([{ query: 'q', mode: 'w' }]);
    const refused = refusalAnswers(model.doGenerateCalls[2]?.prompt ?? []).refused;
    expect(refused.map((result) => result.toolCallId)).toEqual(['own-1']);
  });

  it('should hold a frozen JSON Schema, which app code cannot edit in place', async () => {
    const content = searchSchema(tag('kept edited by the app'));
    const gate = toolGate();
    const kept = keptOf(gate, content);
    const sentSchema = kept.jsonSchema as ReturnType<typeof searchSchema>;
    expect(() => sentSchema.properties.mode.enum.push('number')).toThrow(TypeError);
    expect(() => sentSchema.required.push('filter')).toThrow(TypeError);
    expect(() => {
      sentSchema.additionalProperties = true as false;
    }).toThrow(TypeError);

    const run = await send({
      gate,
      schemas: { search: content },
      calls: [call('e1', 'search', invalidSearch), call('e2', 'search', validSearch)],
    });
    expect(keptOf(gate, content)).toBe(kept);
    expect(run.sent[0]).toEqual({ search: expectedStrict(content) });
    expect(run.refused).toEqual(['e1']);
    expect(run.executed).toEqual([{ tool: 'search', input: { query: 'q', mode: 'w' } }]);
  });

  it('should judge an input the middleware never handed on alone, by its own content', async () => {
    const kept = keptOf(toolGate(), searchSchema(tag('kept unjudged')));
    const outside = { query: 'q', mode: 'not listed', extra: true };
    const answer = await kept.validate?.(outside);
    expect(answer?.success).toBe(false);
    expect(answer?.success === false && answer.error.message).toMatch(/^Refused: /);
    expect(outside).toEqual({ query: 'q', mode: 'not listed', extra: true });

    const inside = { query: 'q', mode: 'r' };
    expect(await kept.validate?.(inside)).toEqual({ success: true, value: inside });
  });

  it('should run an approved call resumed from history with the input the gate judged, on tools rebuilt for the resume', async () => {
    const content = searchSchema(tag('kept approval'));
    const gate = toolGate();
    const executed: unknown[] = [];
    const build = () =>
      gate.wrapTools({
        search: tool({
          inputSchema: jsonSchema<Record<string, unknown>>(structuredClone(content)),
          needsApproval: true,
          execute: async (input) => {
            executed.push(input);
            return 'found';
          },
        }),
      });
    const model = wrapLanguageModel({
      model: new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [toolTurn([call('ap-1', 'search', validSearch)]), textTurn('done')],
      }),
      middleware: gate.middleware,
    });
    const firstTools = build();
    const first = await generateText({
      model,
      tools: firstTools,
      prompt: 'search',
      stopWhen: isStepCount(3),
    });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    if (request?.type !== 'tool-approval-request') throw new Error('no approval request');
    // The input asked about is the judged one: the null placeholder decoded away.
    expect(request.toolCall.input).toEqual({ query: 'q', mode: 'w' });
    expect(executed).toEqual([]);

    const resumeTools = build();
    expect(resumeTools.search.inputSchema).toBe(firstTools.search.inputSchema);
    const messages: ModelMessage[] = [
      { role: 'user', content: 'search' },
      ...first.response.messages,
      {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId: request.approvalId, approved: true },
        ],
      },
    ];
    const second = await generateText({
      model,
      tools: resumeTools,
      messages,
      stopWhen: isStepCount(3),
    });
    expect(executed).toEqual([{ query: 'q', mode: 'w' }]);
    expect(second.text).toBe('done');
  });
});
