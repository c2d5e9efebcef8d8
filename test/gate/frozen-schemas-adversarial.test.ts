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
import {
  areUnchanged,
  isSealed,
  isUnchanged,
  toStrictSchemaCached,
  watchedArraysOf,
} from '../../src/decode/strict-schema-cache.ts';
import type {
  StrictSchemaResult,
  ToStrictSchemaOptions,
} from '../../src/decode/to-strict-schema.ts';
import { toolGate, toStrictSchema } from '../../src/index.ts';
import {
  call,
  contentTagger,
  offeredTools,
  refusalAnswers,
  textTurn,
  toolTurn,
  waitFor,
} from './helpers.ts';

/**
 * Hostile use of the arrays kept strict schemas hold in common (one open array per short list of
 * primitives, watched for in-place edits), and of the input schema a gate keeps per tool name and
 * content (one frozen object handed to every wrapped tool of that name and content). An edit made
 * through one tool's schema must never reach what another tool, gate, profile or set of defaults
 * sends later, nor any verdict or decoded input.
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** Content no other test (or file) has shown the module-level caches. */
const tag = contentTagger('shared-arrays-adversarial');

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

/** One required parameter that takes any of `values`. */
function pickSchema(description: string, values: readonly unknown[]) {
  return {
    type: 'object',
    description,
    properties: { pick: { enum: [...values] } },
    required: ['pick'],
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

/** A kept (sealed) result: the second sighting of its content. */
function sealedOf(content: object): StrictSchemaResult {
  toStrictSchemaCached(structuredClone(content));
  const result = toStrictSchemaCached(structuredClone(content));
  if (!result.strict || !isSealed(result)) throw new Error('expected a sealed strict result');
  return result;
}

/** What a content should be sent as: its strict conversion, made from a fresh copy. */
function expectedStrict(content: object, options: ToStrictSchemaOptions = {}): string {
  const result = toStrictSchema(structuredClone(content), options);
  if (!result.strict) throw new Error('expected a strict conversion');
  return JSON.stringify(result.schema);
}

type Edit = (list: unknown[]) => void;

/** In-place edits that change the items an array holds: every holder must notice them. */
const noticedEdits: ReadonlyArray<readonly [string, Edit]> = [
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
  [
    'a getter that throws',
    (list) =>
      Object.defineProperty(list, 1, {
        get: () => {
          throw new Error('read');
        },
      }),
  ],
  // Items kept, but closed: a frozen array serializes on a slow path, and another tool's
  // middleware that edits the schema it is sent would throw on it.
  ['Object.freeze', (list) => Object.freeze(list)],
  ['Object.preventExtensions', (list) => Object.preventExtensions(list)],
];

/** Edits that leave every item, and so the JSON text, as it was. */
const harmlessEdits: ReadonlyArray<readonly [string, Edit]> = [
  [
    'a getter giving the same item',
    (list) => {
      const item = list[0];
      Object.defineProperty(list, 0, { get: () => item, enumerable: true });
    },
  ],
  [
    'push then pop',
    (list) => {
      list.push('number');
      list.pop();
    },
  ],
  ['an own property that is not an index', (list) => Object.assign(list, { note: 'seen' })],
];

/** Edits that leave every item in place yet change what JSON text the array is sent as. */
const serializationEdits: ReadonlyArray<readonly [string, Edit]> = [
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

describe('an array kept strict schemas share, edited in place through one of them', () => {
  for (const [name, edit] of noticedEdits) {
    it(`should notice ${name} in every result holding it, and convert each anew to its content`, () => {
      const contents = [
        searchSchema(tag(`unit ${name} one`)),
        searchSchema(tag(`unit ${name} other`)),
        searchSchema(tag(`unit ${name} third`), ['a', 'b']),
      ];
      const results = contents.map(sealedOf);
      const firstContent = searchSchema(tag(`unit ${name} first sighting`));
      const firstSighting = toStrictSchemaCached(structuredClone(firstContent));
      const shared = listAt(results[0]?.schema, 'filter', 'type');
      // The precondition: the kept results hold one array; a first sighting holds its own.
      for (const result of results) expect(listAt(result.schema, 'filter', 'type')).toBe(shared);
      expect(isSealed(firstSighting)).toBe(false);
      expect(listAt(firstSighting.schema, 'filter', 'type') === shared).toBe(false);
      const watched = watchedArraysOf(results);

      edit(shared);

      expect(areUnchanged(watched)).toBe(false);
      for (const result of results) expect(isUnchanged(result)).toBe(false);
      const next = contents.map((content) => toStrictSchemaCached(structuredClone(content)));
      for (const [index, result] of next.entries()) {
        const content = contents[index] as object;
        expect(results.includes(result)).toBe(false);
        expect(isSealed(result)).toBe(true);
        expect(isUnchanged(result)).toBe(true);
        expect(listAt(result.schema, 'filter', 'type') === shared).toBe(false);
        expect(JSON.stringify(result.schema)).toBe(expectedStrict(content));
      }
      // The replacement is shared again, and the first sighting's copy was never touched.
      expect(listAt(next[1]?.schema, 'filter', 'type')).toBe(
        listAt(next[0]?.schema, 'filter', 'type'),
      );
      expect(JSON.stringify(firstSighting.schema)).toBe(expectedStrict(firstContent));
    });
  }

  for (const [name, edit] of harmlessEdits) {
    it(`should keep handing out the results holding it after ${name}, each still its content as JSON`, () => {
      const one = searchSchema(tag(`harmless ${name} one`));
      const other = searchSchema(tag(`harmless ${name} other`));
      const oneResult = sealedOf(one);
      const otherResult = sealedOf(other);
      const shared = listAt(oneResult.schema, 'filter', 'type');
      expect(listAt(otherResult.schema, 'filter', 'type')).toBe(shared);

      edit(shared);

      expect(areUnchanged(watchedArraysOf([oneResult, otherResult]))).toBe(true);
      expect(toStrictSchemaCached(structuredClone(other))).toBe(otherResult);
      expect(JSON.stringify(oneResult.schema)).toBe(expectedStrict(one));
      expect(JSON.stringify(otherResult.schema)).toBe(expectedStrict(other));
    });
  }

  for (const [name, edit] of serializationEdits) {
    it(`should never hand out again, as it is, a result holding a shared array given ${name}`, () => {
      const one = searchSchema(tag(`serialized ${name} one`));
      const other = searchSchema(tag(`serialized ${name} other`));
      const shared = listAt(sealedOf(one).schema, 'filter', 'type');
      expect(listAt(sealedOf(other).schema, 'filter', 'type')).toBe(shared);

      edit(shared);

      // The items are untouched, but JSON text (what a provider sends) now reads otherwise: a
      // result handed out from now on, for another content first, must still read as its content.
      for (const content of [other, one]) {
        const next = toStrictSchemaCached(structuredClone(content));
        expect(JSON.stringify(next.schema)).toBe(expectedStrict(content));
      }
    });
  }

  it('should leave results that do not hold the edited array alone, a long list included', () => {
    // Longer than 200 characters as JSON: each result holds a list of its own.
    const long = Array.from({ length: 30 }, (_, index) => `value-${index}`);
    const one = sealedOf(pickSchema(tag('long one'), long));
    const other = sealedOf(pickSchema(tag('long other'), long));
    const elsewhere = sealedOf(searchSchema(tag('long elsewhere'), ['x', 'y']));
    const oneList = listAt(one.schema, 'pick', 'enum');
    expect(listAt(other.schema, 'pick', 'enum') === oneList).toBe(false);

    oneList.reverse();

    expect(isUnchanged(one)).toBe(false);
    expect(isUnchanged(other)).toBe(true);
    expect(isUnchanged(elsewhere)).toBe(true);
    expect(areUnchanged(watchedArraysOf([other, elsewhere]))).toBe(true);
  });
});

describe('which short lists kept strict schemas share', () => {
  /** The list each of two kept results, of its own content, holds for `values`. */
  function listsOf(values: readonly unknown[], otherValues: readonly unknown[] = values) {
    const one = sealedOf(pickSchema(tag('lists one'), values));
    const other = sealedOf(pickSchema(tag('lists other'), otherValues));
    return [listAt(one.schema, 'pick', 'enum'), listAt(other.schema, 'pick', 'enum')] as const;
  }

  it('should share a list of at most 200 characters as JSON text, and no longer one', () => {
    // `["…"]` around the string: 4 characters more than it.
    const [atLimit, atLimitAgain] = listsOf(['x'.repeat(196)]);
    expect(atLimitAgain).toBe(atLimit);
    const [overLimit, overLimitAgain] = listsOf(['x'.repeat(197)]);
    expect(overLimitAgain).not.toBe(overLimit);
    expect(overLimitAgain).toEqual(overLimit);
    // A quote counts twice in JSON text: 98 of them fit, 99 do not.
    const [quoted, quotedAgain] = listsOf(['"'.repeat(98)]);
    expect(quotedAgain).toBe(quoted);
    const [overQuoted, overQuotedAgain] = listsOf(['"'.repeat(99)]);
    expect(overQuotedAgain).not.toBe(overQuoted);
  });

  it('should share 1e21 with 1e21 however written, and keep it a number', () => {
    const [one, other] = listsOf(
      [1e21, 0.1 + 0.2],
      [1_000_000_000_000_000_000_000, 0.30000000000000004],
    );
    expect(other).toBe(one);
    expect(one).toEqual([1e21, 0.30000000000000004]);
    expect(JSON.stringify(one)).toBe('[1e+21,0.30000000000000004]');
  });

  it('should never share a list JSON text would misstate (-0, NaN, an infinity), and keep its items', () => {
    const cases: ReadonlyArray<readonly [unknown[], unknown[]]> = [
      [
        [-0, 1],
        [0, 1],
      ],
      [
        [Number.NaN, 1],
        [null, 1],
      ],
      [
        [Number.POSITIVE_INFINITY, 1],
        [null, 1],
      ],
      [
        [Number.NEGATIVE_INFINITY, 1],
        [null, 1],
      ],
    ];
    for (const [odd, plain] of cases) {
      const [oddList, oddAgain] = listsOf(odd);
      const [plainList] = listsOf(plain);
      expect(oddAgain === oddList).toBe(false);
      expect(plainList === oddList).toBe(false);
      expect(Object.is(oddList[0], odd[0])).toBe(true);
      expect(Object.is(plainList[0], plain[0])).toBe(true);
    }
  });

  it('should tell items of different kinds apart: "1" and 1, "true" and true, "null" and null', () => {
    const pairs: ReadonlyArray<readonly [unknown[], unknown[]]> = [
      [['1'], [1]],
      [['true'], [true]],
      [['null'], [null]],
      [['1e+21'], [1e21]],
      [
        ['a', 'b'],
        ['b', 'a'],
      ],
      [['a'], ['a', 'a']],
    ];
    for (const [one, other] of pairs) {
      const [oneList, otherList] = listsOf(one, other);
      expect(otherList === oneList).toBe(false);
      expect(oneList).toStrictEqual(one);
      expect(otherList).toStrictEqual(other);
    }
  });
});

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
 * A middleware placed after the gate that edits in place, in each strict schema it is sent, the
 * `filter` type list and the `mode` enum: arrays every kept search schema holds in common.
 */
function editing(edit: Edit): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => {
      for (const sent of params.tools ?? []) {
        if (sent.type !== 'function' || sent.strict !== true) continue;
        edit(listAt(sent.inputSchema, 'filter', 'type'));
        edit(listAt(sent.inputSchema, 'mode', 'enum'));
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
 * profile), kept, then a request of one gate whose middleware edits the arrays of the schema it is
 * sent; what every tool is sent and judged by afterwards.
 */
async function editThroughOneTool(label: string, edit: Edit) {
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
  // Two steps each: a content is kept from its second sighting on.
  const warmPlain = await send({
    gate: plain,
    schemas: { alpha: contents.alpha, beta: contents.beta },
    calls: [call('warm-a', 'alpha', validSearch)],
  });
  const warmDefaults = await send({
    gate: withDefaults,
    schemas: { gamma: contents.gamma },
    calls: [call('warm-g', 'gamma', validSearch)],
  });
  const warmCerebras = await send({
    gate: cerebras,
    schemas: { delta: contents.delta },
    calls: [call('warm-d', 'delta', validSearch)],
    provider: 'cerebras.chat',
  });
  const keptSchema = (run: Sent, name: string) => sentObjects(run.model, name)[1];
  const kept = {
    alpha: keptSchema(warmPlain, 'alpha'),
    beta: keptSchema(warmPlain, 'beta'),
    gamma: keptSchema(warmDefaults, 'gamma'),
    delta: keptSchema(warmCerebras, 'delta'),
  };
  const typeList = listAt(kept.alpha, 'filter', 'type');
  const modeList = listAt(kept.alpha, 'mode', 'enum');
  // The precondition: the lists are shared across tools, gates, defaults and profiles.
  expect(listAt(kept.beta, 'filter', 'type')).toBe(typeList);
  expect(listAt(kept.gamma, 'filter', 'type')).toBe(typeList);
  for (const schema of [kept.beta, kept.gamma, kept.delta]) {
    expect(listAt(schema, 'mode', 'enum')).toBe(modeList);
  }

  await send({ gate: plain, schemas: { alpha: contents.alpha }, after: [editing(edit)] });

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
  return { later, expected, typeList, modeList };
}

/**
 * Edits a shared array through one tool (see {@link editThroughOneTool}) and checks what every
 * request after it is sent, judged and run with; with `replaced`, also that the edited arrays are
 * sent by no one again.
 */
async function expectEachByItsOwnContent(label: string, edit: Edit, { replaced = true } = {}) {
  const { later, expected, typeList, modeList } = await editThroughOneTool(label, edit);
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
  if (!replaced) return;
  for (const run of Object.values(later)) {
    for (const params of run.model.doGenerateCalls) {
      for (const offered of params.tools ?? []) {
        if (offered.type !== 'function') continue;
        const { properties } = offered.inputSchema as unknown as StrictParts;
        // Compared by `===`: `toBe` on a miss would read a throwing getter.
        expect(properties.filter?.type === typeList).toBe(false);
        expect(properties.mode?.enum === modeList).toBe(false);
      }
    }
  }
}

describe('through the gate: a middleware after it edits a shared array of one tool in place', () => {
  for (const [name, edit] of noticedEdits) {
    it(`${name}: every later request, of any tool, gate, defaults or profile, is sent and judged by its own content`, async () => {
      await expectEachByItsOwnContent(name, edit);
    });
  }

  for (const [name, edit] of harmlessEdits) {
    it(`${name}: every later request is sent and judged by its own content`, async () => {
      await expectEachByItsOwnContent(name, edit, { replaced: false });
    });
  }

  for (const [name, edit] of serializationEdits) {
    it(`${name}, its items untouched: every later request of another tool is sent that tool's content`, async () => {
      const { later, expected } = await editThroughOneTool(name, edit);
      expect(later.beta.sent[0]).toEqual({ beta: expected.beta });
      expect(later.gamma.sent[0]).toEqual({ gamma: expected.gamma });
      expect(later.delta.sent[0]).toEqual({ delta: expected.delta });
    });
  }
});

describe('concurrent loops of tools rebuilt for every request, sharing lists', () => {
  it('should send 40 loops on two gates each its own content, share the lists, and replace an edited one for all', async () => {
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
    const early = await Promise.all(
      indexes.map(async (index) => [await round(index, 0), await round(index, 1)]),
    );
    for (const index of indexes) {
      for (const [number, run] of (early[index] ?? []).entries()) check(index, run, number);
    }
    // The second round's second step: a kept schema, whatever the order the loops ran in.
    const typeListOf = (run: Sent) => listAt(sentObjects(run.model, 'search')[1], 'filter', 'type');
    const shared = typeListOf(early[0]?.[1] as Sent);
    for (const runs of early) expect(typeListOf(runs[1] as Sent)).toBe(shared);

    // A request of another tool edits the shared list; then every loop goes on at once.
    const other = searchSchema(tag('concurrent editor'));
    await send({ gate: toolGate(), schemas: { other } });
    await send({
      gate: toolGate(),
      schemas: { other },
      after: [editing((list) => list.push('number'))],
    });
    const late = await Promise.all(indexes.map((index) => round(index, 2)));
    for (const [index, run] of late.entries()) check(index, run, 2);
    const replacement = typeListOf(late[0] as Sent);
    expect(replacement).not.toBe(shared);
    for (const run of late) expect(typeListOf(run)).toBe(replacement);
  });

  it('should send the next request of another tool its content after a middleware edited a shared array during its request', async () => {
    const gate = toolGate();
    const contents = {
      alpha: searchSchema(tag('in flight alpha')),
      beta: searchSchema(tag('in flight beta')),
    };
    // Two steps: both contents are kept, holding one type list.
    await send({ gate, schemas: contents, calls: [call('warm', 'alpha', validSearch)] });
    let release!: () => void;
    const edited = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: Array<Record<string, string>> = [];
    // Beta's provider writes its request after an await (as one resolving headers does); alpha's
    // request is made and edited meanwhile. A request already past the gate shares the kept
    // schema (README says so); what must hold is that no later request is sent the edit.
    const betaModel = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: async (options) => {
        if (betaModel.doGenerateCalls.length === 1) await edited;
        sent.push(schemaTextsOf(options));
        return textTurn('done');
      },
    });
    const betaRequest = () =>
      generateText({
        model: wrapLanguageModel({ model: betaModel, middleware: gate.middleware }),
        tools: gate.wrapTools(mcpTools({ beta: contents.beta }, [])),
        prompt: 'search',
      });
    const inFlight = betaRequest();
    await waitFor(() => betaModel.doGenerateCalls.length === 1, 'the beta request to be sent');
    await send({
      gate,
      schemas: { alpha: contents.alpha },
      after: [editing((list) => list.push('number'))],
    });
    release();
    await inFlight;
    await betaRequest();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ beta: expectedStrict(contents.beta) });
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

  it('should judge and convert by its private copy after app code edits its JSON Schema in place', async () => {
    const content = searchSchema(tag('kept edited by the app'));
    const gate = toolGate();
    const kept = keptOf(gate, content);
    // The object itself is frozen; the JSON Schema it holds is the gate's object, sent as it is.
    const sentSchema = kept.jsonSchema as ReturnType<typeof searchSchema>;
    sentSchema.properties.mode.enum.push('number');
    sentSchema.required.push('filter');

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

/*
 * Near the end of the file: it fills the module-level table of shared lists past its bound, so
 * the table starts over; a test after it sees its lists shared anew.
 */
describe('the bound of the table of shared lists', () => {
  it('should start over past 1,000 distinct lists, each earlier result keeping and watching its own', () => {
    const first = sealedOf(pickSchema(tag('bound first'), ['bound-a', 'bound-b']));
    const twin = sealedOf(pickSchema(tag('bound twin'), ['bound-a', 'bound-b']));
    const firstList = listAt(first.schema, 'pick', 'enum');
    expect(listAt(twin.schema, 'pick', 'enum')).toBe(firstList);
    for (let index = 0; index < 1001; index++) {
      sealedOf(pickSchema(tag('bound filler'), [`bound-${index}`]));
    }
    const late = sealedOf(pickSchema(tag('bound late'), ['bound-a', 'bound-b']));
    const lateList = listAt(late.schema, 'pick', 'enum');
    expect(lateList).not.toBe(firstList);
    expect(lateList).toEqual(['bound-a', 'bound-b']);
    expect([first, twin, late].every(isUnchanged)).toBe(true);

    firstList.push('bound-c');

    expect(isUnchanged(first)).toBe(false);
    expect(isUnchanged(twin)).toBe(false);
    expect(isUnchanged(late)).toBe(true);
    const content = pickSchema(tag('bound after edit'), ['bound-a', 'bound-b']);
    const after = sealedOf(content);
    expect(listAt(after.schema, 'pick', 'enum')).toBe(lateList);
    expect(JSON.stringify(after.schema)).toBe(expectedStrict(content));
  });
});

describe('a shared array frozen in place through one tool', () => {
  it("should leave another tool's schema open to a middleware after the gate that edits it in place", async () => {
    const freezing = searchSchema(tag('freezing'));
    const freezer = toolGate();
    await send({ gate: freezer, schemas: { freezing } });
    await send({
      gate: freezer,
      schemas: { freezing },
      after: [editing((list) => Object.freeze(list))],
    });

    // Another gate and tool, whose middleware edits the schema it is sent, as the gate allows.
    const content = searchSchema(tag('edited elsewhere'));
    const gate = toolGate();
    const outcomes: string[] = [];
    const executed: Executed[] = [];
    for (let run = 0; run < 3; run++) {
      const outcome = await send({
        gate,
        schemas: { search: content },
        calls: [call(`elsewhere-${run}`, 'search', validSearch)],
        after: [editing((list) => list.push('tidied'))],
      }).then(
        (result) => {
          executed.push(...result.executed);
          return 'sent';
        },
        (error: unknown) => String(error),
      );
      outcomes.push(outcome);
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent']);
    expect(executed).toHaveLength(3);
  });
});
