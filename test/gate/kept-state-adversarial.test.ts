import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import {
  dynamicTool,
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModelMiddleware,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTurn, toolGate, toStrictSchema } from '../../src/index.ts';
import { contentKeyOf } from '../../src/schema/content-key.ts';
import {
  type ContentSnapshot,
  hasSnapshotContent,
  snapshotOfContentKey,
} from '../../src/schema/content-snapshot.ts';
import {
  call,
  contentTagger,
  offeredTools,
  refusalAnswers,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * Hostile and concurrent use of what the gate keeps between requests: strict conversions kept by
 * content and frozen, one per content and scope (profile and defaults), content snapshots as one
 * flat list of tokens, and checkTurn's lookup of tool names by list or by set.
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** Content no other test of this file has shown the store. */
const tag = contentTagger('kept-state-adversarial');

type FileSchema = {
  type: 'object';
  description: string;
  properties: {
    path: { type: 'string' };
    mode: { type: 'string'; enum: string[] };
  };
  required: string[];
  additionalProperties: false;
};

function fileSchema(description: string, modes: string[]): FileSchema {
  return {
    type: 'object',
    description,
    properties: { path: { type: 'string' }, mode: { type: 'string', enum: modes } },
    required: ['path'],
    additionalProperties: false,
  };
}

function fileTools(schema: FileSchema, executed: string[]): ToolSet {
  return {
    read_file: dynamicTool({
      inputSchema: jsonSchema(structuredClone(schema)),
      execute: async (_input, { toolCallId }) => {
        executed.push(toolCallId);
        return 'contents';
      },
    }),
  };
}

/** The strict schema each step sent for a tool, as JSON text. */
function sentSchemaTexts(model: MockLanguageModelV4, toolName: string): string[] {
  return model.doGenerateCalls.map((params) =>
    JSON.stringify(offeredTools(params).get(toolName)?.inputSchema),
  );
}

function sentSchemaObjects(model: MockLanguageModelV4, toolName: string): unknown[] {
  return model.doGenerateCalls.map((params) => offeredTools(params).get(toolName)?.inputSchema);
}

/** What the provider should be sent for a content: its strict conversion, made from a fresh copy. */
function expectedStrict(schema: object): string {
  const result = toStrictSchema(structuredClone(schema));
  if (!result.strict) throw new Error('expected a strict conversion');
  return JSON.stringify(result.schema);
}

describe('strict conversions of content new to the store, through the gate', () => {
  it('should judge and send correctly when every request brings new content', async () => {
    const gate = toolGate();
    const executed: string[] = [];
    for (let index = 0; index < 6; index++) {
      const modes = [`m${index}-a`, `m${index}-b`];
      const schema = fileSchema(tag(`new content ${index}`), modes);
      // Odd requests send a mode of the previous content: valid then, refused now.
      const mode = index % 2 === 0 ? `m${index}-a` : `m${index - 1}-a`;
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [
          toolTurn([call(`new-${index}`, 'read_file', { path: '/x', mode })]),
          textTurn('done'),
        ],
      });
      await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.wrapTools(fileTools(schema, executed)),
        prompt: 'read',
        stopWhen: isStepCount(2),
      });
      const texts = sentSchemaTexts(model, 'read_file');
      expect(texts).toEqual([expectedStrict(schema), expectedStrict(schema)]);
      expect(
        offeredTools(model.doGenerateCalls[0] as LanguageModelV4CallOptions).get('read_file'),
      ).toMatchObject({ strict: true });
      const answers = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
      expect(answers.refused.map((result) => result.toolCallId)).toEqual(
        index % 2 === 0 ? [] : [`new-${index}`],
      );
    }
    expect(executed).toEqual(['new-0', 'new-2', 'new-4']);
  });

  it('should not let a middleware after the gate that edits the schema it is sent change later steps or verdicts', async () => {
    const gate = toolGate();
    const received: string[] = [];
    const writes: boolean[] = [];
    const editor: LanguageModelMiddleware = {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => {
        for (const sent of params.tools ?? []) {
          if (sent.type !== 'function') continue;
          const schema = sent.inputSchema as unknown as FileSchema;
          received.push(JSON.stringify(schema));
          // Every edit a careless middleware might make, in place.
          for (const edit of [
            () => schema.required.reverse(),
            () => schema.required.push('extra'),
            () => schema.properties.mode.enum.push('evil'),
            () => schema.properties.mode.enum.sort(),
          ]) {
            try {
              edit();
              writes.push(true);
            } catch {
              writes.push(false);
            }
          }
          writes.push(
            Reflect.set(schema.properties.path, 'type', 'number'),
            Reflect.set(schema, 'additionalProperties', true),
            Reflect.deleteProperty(schema.properties, 'mode'),
          );
        }
        return params;
      },
    };
    const executed: string[] = [];
    for (let run = 0; run < 3; run++) {
      // New content per run: each run's first step is that content's first sighting.
      const schema = fileSchema(tag(`edited ${run}`), ['r', 'w']);
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [
          // Refused: 'evil' is only in the edited copy the middleware saw.
          toolTurn([call(`edit-${run}-1`, 'read_file', { path: '/x', mode: 'evil' })]),
          // Refused: `path` is required by the schema the app gave (the middleware dropped it).
          toolTurn([call(`edit-${run}-2`, 'read_file', { mode: 'r' })]),
          toolTurn([call(`edit-${run}-3`, 'read_file', { path: '/x', mode: 'w' })]),
          textTurn('done'),
        ],
      });
      await generateText({
        model: wrapLanguageModel({ model, middleware: [gate.middleware, editor] }),
        tools: gate.wrapTools(fileTools(schema, executed)),
        prompt: 'read',
        stopWhen: isStepCount(4),
      });
      const sent = received.slice(run * 4, run * 4 + 4);
      expect(sent).toEqual(Array.from({ length: 4 }, () => expectedStrict(schema)));
      const refusedIds = [1, 2].flatMap((step) =>
        refusalAnswers(model.doGenerateCalls[step]?.prompt ?? []).refused.map(
          (result) => result.toolCallId,
        ),
      );
      expect([...new Set(refusedIds)]).toEqual([`edit-${run}-1`, `edit-${run}-2`]);
    }
    expect(executed).toEqual(['edit-0-3', 'edit-1-3', 'edit-2-3']);
    // The schemas sent are frozen through, objects and lists: no write to one succeeded.
    expect(writes).toHaveLength(3 * 4 * 7);
    expect(writes.every((written) => !written)).toBe(true);
  });

  it('should judge 50 concurrent loops on one gate, offered identical new content, each by its own turn', async () => {
    const gate = toolGate();
    const schema = fileSchema(tag('concurrent'), ['r', 'w']);
    const loops = 50;
    let waiting = 0;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const executed: string[] = [];
    const models: MockLanguageModelV4[] = [];
    const runs = Array.from({ length: loops }, (_, index) => {
      const refused = index % 3 === 0;
      const turn = refused
        ? [
            call(`loop${index}-ok`, 'read_file', { path: `/${index}`, mode: 'r' }),
            call(`loop${index}-bad`, 'read_file', { path: `/${index}`, mode: 'x' }),
          ]
        : [call(`loop${index}-ok`, 'read_file', { path: `/${index}`, mode: 'w' })];
      const turns: LanguageModelV4GenerateResult[] = [toolTurn(turn), textTurn(`done ${index}`)];
      let step = 0;
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: async () => {
          const answer = turns[step++];
          if (step === 1) {
            waiting += 1;
            if (waiting === loops) open();
            await opened;
          }
          if (answer === undefined) throw new Error('no more turns');
          return answer;
        },
      });
      models.push(model);
      return generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        // Each loop gets the tool list anew (same content, new objects), as from an MCP client.
        tools: gate.wrapTools(fileTools(schema, executed)),
        prompt: 'read',
        stopWhen: isStepCount(3),
      });
    });
    const results = await Promise.all(runs);

    expect(results.map((result) => result.text)).toEqual(
      Array.from({ length: loops }, (_, index) => `done ${index}`),
    );
    const passed = Array.from({ length: loops }, (_, index) => index).filter(
      (index) => index % 3 !== 0,
    );
    expect([...executed].sort()).toEqual(passed.map((index) => `loop${index}-ok`).sort());
    const expected = expectedStrict(schema);
    for (const [index, model] of models.entries()) {
      expect(sentSchemaTexts(model, 'read_file')).toEqual([expected, expected]);
      const answers = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
      if (index % 3 === 0) {
        expect(answers.refused.map((result) => result.toolCallId)).toEqual([`loop${index}-bad`]);
        expect(answers.notRun.map((result) => result.toolCallId)).toEqual([`loop${index}-ok`]);
      } else {
        expect(answers.refused).toEqual([]);
        expect(answers.notRun).toEqual([]);
      }
    }
  });

  it('should judge concurrent loops right even when they reuse the same call ids', async () => {
    const gate = toolGate();
    const schema = fileSchema(tag('same ids'), ['r', 'w']);
    const loops = 20;
    const executed: string[] = [];
    const models = Array.from(
      { length: loops },
      (_, index) =>
        new MockLanguageModelV4({
          provider: 'openai.responses',
          doGenerate: [
            toolTurn([
              call('call-1', 'read_file', { path: `/${index}`, mode: index % 2 === 0 ? 'x' : 'r' }),
            ]),
            textTurn('done'),
          ],
        }),
    );
    const toolsOf = (index: number): ToolSet => ({
      read_file: dynamicTool({
        inputSchema: jsonSchema(structuredClone(schema)),
        execute: async () => {
          executed.push(`loop${index}`);
          return 'contents';
        },
      }),
    });
    await Promise.all(
      models.map((model, index) =>
        generateText({
          model: wrapLanguageModel({ model, middleware: gate.middleware }),
          tools: gate.wrapTools(toolsOf(index)),
          prompt: 'read',
          stopWhen: isStepCount(2),
        }),
      ),
    );
    expect([...executed].sort()).toEqual(
      Array.from({ length: loops }, (_, index) => index)
        .filter((index) => index % 2 === 1)
        .map((index) => `loop${index}`)
        .sort(),
    );
  });
});

describe('one frozen conversion per content and scope, through the gate', () => {
  const schema = (description: string) => ({
    type: 'object',
    description,
    properties: { mode: { type: 'string', enum: ['x', 'y'] } },
    additionalProperties: false,
  });

  /**
   * A 4-step loop over tools of one content, the model calling `calls` one per step: the tool
   * results, and the schema objects each step sent for tool `a`.
   */
  async function loopOverOneContent({
    content,
    toolNames,
    defaults,
    calls,
  }: {
    content: object;
    toolNames: readonly string[];
    defaults?: Record<string, Record<string, unknown>>;
    calls: ReadonlyArray<[id: string, toolName: string, input: unknown]>;
  }) {
    const tools: ToolSet = {};
    for (const name of toolNames) {
      tools[name] = dynamicTool({
        inputSchema: jsonSchema(structuredClone(content)),
        execute: async () => name,
      });
    }
    const gate = toolGate({ tools, defaults });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [...calls.map((args) => toolTurn([call(...args)])), textTurn('done')],
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'go',
      stopWhen: isStepCount(calls.length + 1),
    });
    return {
      ran: result.steps.flatMap((step) => step.toolResults.map((done) => done.toolCallId)),
      sentA: sentSchemaObjects(model, 'a'),
    };
  }

  it('should send two tools of one content, one with defaults, each its own conversion on every step', async () => {
    const { ran, sentA } = await loopOverOneContent({
      content: schema(tag('two tools one content')),
      toolNames: ['a', 'b'],
      defaults: { a: { mode: 'x' } },
      calls: [
        ['s1', 'a', { mode: null }],
        ['s2', 'a', { mode: null }],
        ['s3', 'b', { mode: 'y' }],
      ],
    });
    expect(ran).toEqual(['s1', 's2', 's3']);
    // Every step sends the same frozen conversion (as for one tool alone).
    expect(new Set(sentA).size).toBe(1);
    expect(Object.isFrozen(sentA[0])).toBe(true);
  });

  it('control: two tools of one content with the same (no) defaults are sent one conversion', async () => {
    const { sentA } = await loopOverOneContent({
      content: schema(tag('two tools one scope')),
      toolNames: ['a', 'b'],
      calls: [
        ['s1', 'a', { mode: 'x' }],
        ['s2', 'b', { mode: 'y' }],
        ['s3', 'a', { mode: 'y' }],
      ],
    });
    expect(new Set(sentA).size).toBe(1);
  });

  it('control: one tool alone with defaults is sent the same conversion on every step', async () => {
    const { sentA } = await loopOverOneContent({
      content: schema(tag('one tool with defaults')),
      toolNames: ['a'],
      defaults: { a: { mode: 'x' } },
      calls: [
        ['s1', 'a', { mode: null }],
        ['s2', 'a', { mode: null }],
        ['s3', 'a', { mode: 'y' }],
      ],
    });
    expect(new Set(sentA).size).toBe(1);
  });
});

function snapshotOf(value: unknown): ContentSnapshot {
  const key = contentKeyOf(value);
  if (key === undefined) throw new Error('no content key');
  const snapshot = snapshotOfContentKey(key);
  if (snapshot === undefined) throw new Error('no snapshot');
  return snapshot;
}

/** Whether the snapshot answers as comparing content keys does, for a value that has one. */
function agrees(reference: unknown, value: unknown): void {
  const key = contentKeyOf(reference) as string;
  const expected = contentKeyOf(value) === key;
  expect(hasSnapshotContent(snapshotOf(reference), value)).toBe(expected);
}

const trickyKeys = [
  '__proto__',
  '1',
  '01',
  '-0',
  '0',
  '',
  '"',
  'a"b',
  '\\',
  'constructor',
  'toString',
  'hasOwnProperty',
  'toJSON',
  'length',
  '4294967294',
  '4294967295',
  '1.5',
  '\u2028',
  '\ud800',
];

/** An object with these entries as own enumerable properties, `__proto__` included. */
function objectOf(entries: ReadonlyArray<readonly [string, unknown]>, bare: boolean): object {
  const object: Record<string, unknown> = bare ? Object.create(null) : {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

const { json: trickyJson } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -0, 1, -1, 0.5, 1e21, 'a', '', '0', '__proto__'),
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(tie('json'), { maxLength: 4 }),
    fc
      .tuple(
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...trickyKeys), fc.string()), tie('json')), {
          maxLength: 5,
        }),
        fc.boolean(),
      )
      .map(([entries, bare]) => objectOf(entries, bare)),
  ),
}));

/** A copy of a JSON value with one random edit made at some depth: what it is, and the copy. */
function editedCopy(value: unknown, choice: number, replacement: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  const containers: Array<Record<string, unknown> | unknown[]> = [];
  const collect = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    containers.push(node as Record<string, unknown>);
    for (const child of Object.values(node)) collect(child);
  };
  collect(copy);
  if (containers.length === 0) return replacement;
  const target = containers[choice % containers.length] as Record<string, unknown> | unknown[];
  const keys = Object.keys(target);
  switch (choice % 6) {
    case 0: // an extra key or item
      if (Array.isArray(target)) target.push(replacement);
      else Object.defineProperty(target, `k${choice}`, { value: replacement, enumerable: true });
      break;
    case 1: // a missing key or item
      if (Array.isArray(target)) target.pop();
      else if (keys.length > 0) delete (target as Record<string, unknown>)[keys[0] as string];
      break;
    case 2: {
      // the keys in another order
      if (Array.isArray(target) || keys.length < 2) break;
      const entries = keys.map((key) => [key, (target as Record<string, unknown>)[key]] as const);
      for (const key of keys) delete (target as Record<string, unknown>)[key];
      for (const [key, item] of entries.reverse()) {
        Object.defineProperty(target, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      break;
    }
    case 3: // one value replaced
      if (keys.length > 0) (target as Record<string, unknown>)[keys[0] as string] = replacement;
      break;
    case 4: // a list turned into an object with its index keys, or the reverse
      if (Array.isArray(target)) {
        const object = objectOf(
          target.map((item, index) => [String(index), item] as const),
          false,
        );
        return Array.isArray(copy) && copy === target ? object : replaceIn(copy, target, object);
      }
      return replaceIn(copy, target, Object.values(target));
    default: // a prototype other than a plain one's
      if (!Array.isArray(target)) Object.setPrototypeOf(target, Object.create(null));
  }
  return copy;
}

/** The value with `from` replaced by `to` wherever it is (the root included). */
function replaceIn(root: unknown, from: object, to: unknown): unknown {
  if (root === from) return to;
  if (typeof root !== 'object' || root === null) return root;
  for (const key of Object.keys(root)) {
    const child = (root as Record<string, unknown>)[key];
    if (child === from) (root as Record<string, unknown>)[key] = to;
    else replaceIn(child, from, to);
  }
  return root;
}

describe('flat content snapshots', () => {
  it('should agree with contentKeyOf on values with tricky keys, null prototypes and -0', () => {
    fc.assert(
      fc.property(trickyJson, trickyJson, (left, right) => {
        expect(hasSnapshotContent(snapshotOf(left), left)).toBe(true);
        expect(hasSnapshotContent(snapshotOf(left), JSON.parse(JSON.stringify(left)))).toBe(true);
        agrees(left, right);
      }),
      { numRuns: 1500, seed: 20240611 },
    );
  });

  it('should agree with contentKeyOf on a copy edited at any depth', () => {
    fc.assert(
      fc.property(trickyJson, fc.nat(), trickyJson, (value, choice, replacement) => {
        const edited = editedCopy(value, choice, replacement);
        const key = contentKeyOf(value) as string;
        const editedKey = contentKeyOf(edited);
        const same = hasSnapshotContent(snapshotOf(value), edited);
        if (editedKey !== undefined) expect(same).toBe(editedKey === key);
        // Never "same" for a value whose JSON text differs.
        if (same) expect(JSON.stringify(edited)).toBe(key);
      }),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('should tell key order, index keys, -0 and near-equal long strings apart exactly as content keys do', () => {
    agrees({ a: 1, b: 2 }, { b: 2, a: 1 });
    agrees({ 1: 'x', b: 2 }, { b: 2, 1: 'x' });
    agrees(['x', 'y'], { 0: 'x', 1: 'y' });
    agrees({ 0: 'x', 1: 'y' }, ['x', 'y']);
    agrees({ length: 0 }, []);
    agrees([], { length: 0 });
    agrees({ a: 0 }, { a: -0 });
    agrees([-0], [0]);
    agrees({ '01': 1 }, { 1: 1 });
    agrees({ '-0': 1 }, { 0: 1 });
    agrees(objectOf([['__proto__', { x: 1 }]], false), { x: 1 });
    agrees(objectOf([['__proto__', { x: 1 }]], false), JSON.parse('{"__proto__":{"x":1}}'));
    agrees({ x: 1 }, Object.assign(Object.create({ x: 1 }), {}));
    const long = 'x'.repeat(200_000);
    agrees({ d: `${long}a` }, { d: `${long}b` });
    agrees({ d: `${long}a` }, { d: `${long}a` });
    agrees({ d: [[[[]]]] }, { d: [[[{}]]] });
    agrees({ d: [[[{}]]] }, { d: [[[[]]]] });
    agrees({ a: { b: {} } }, { a: { b: {}, c: 1 } });
    agrees({ a: { b: {}, c: 1 } }, { a: { b: {} } });
    agrees({ a: [1, 2] }, { a: [1, 2, 3] });
    agrees({ a: [1, 2, 3] }, { a: [1, 2] });
    agrees({ a: '1' }, { a: 1 });
    agrees({ a: null }, { a: 'null' });
    agrees({ a: true }, { a: 'true' });
    // Keys and values of the flat list never pass for each other.
    agrees({ a: 'b' }, { b: 'a' });
    agrees(['a', 'b'], { a: 'b' });
    agrees({ a: ['b'] }, { a: 'b' });
    agrees([2, 'a', 1], { a: 1 });
    agrees([1], { 1: 1 });
  });

  it('should never say "same" for an object whose JSON text adds a key (undefined, sparse, extra)', () => {
    const snapshot = snapshotOf({ a: 1 });
    expect(hasSnapshotContent(snapshot, { a: 1, b: undefined })).toBe(false);
    expect(hasSnapshotContent(snapshot, { a: 1, b: () => 1 })).toBe(false);
    expect(hasSnapshotContent(snapshotOf([1, null]), [1, undefined])).toBe(false);
    // biome-ignore lint/suspicious/noSparseArray: a hole on purpose
    expect(hasSnapshotContent(snapshotOf([1, null]), [1, ,])).toBe(false);
    expect(hasSnapshotContent(snapshotOf({ a: null }), { a: Number.NaN })).toBe(false);
    expect(hasSnapshotContent(snapshotOf({ a: null }), { a: Number.POSITIVE_INFINITY })).toBe(
      false,
    );
  });

  it('should agree with contentKeyOf on getters, and answer false, without throwing, for one that throws', () => {
    const withGetter = (value: unknown) =>
      Object.defineProperty({ a: 1 }, 'b', { get: () => value, enumerable: true });
    agrees({ a: 1, b: 2 }, withGetter(2));
    agrees({ a: 1, b: 2 }, withGetter(3));
    agrees({ a: 1, b: { c: [1] } }, withGetter({ c: [1] }));
    const throwing = Object.defineProperty({ a: 1 }, 'b', {
      get: () => {
        throw new Error('read');
      },
      enumerable: true,
    });
    expect(() => hasSnapshotContent(snapshotOf({ a: 1, b: 2 }), throwing)).not.toThrow();
    expect(hasSnapshotContent(snapshotOf({ a: 1, b: 2 }), throwing)).toBe(false);
    // A non-enumerable property is unseen by both.
    agrees({ a: 1 }, Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false }));
    // A symbol key is unseen by both.
    agrees({ a: 1 }, { a: 1, [Symbol('s')]: 2 });
    // Extra non-index properties on an array are unseen by JSON.
    agrees([1, 2], Object.assign([1, 2], { extra: 3 }));
  });

  it('should agree with contentKeyOf on proxies, and answer false for one whose traps throw or that is revoked', () => {
    const content = { a: [1, { b: 'c' }], d: null };
    agrees(content, new Proxy(structuredClone(content), {}));
    agrees(content, { ...content, a: new Proxy([1, { b: 'c' }], {}) });
    agrees(
      content,
      new Proxy(structuredClone(content), {
        ownKeys: () => ['d', 'a'],
      }),
    );
    agrees(
      content,
      new Proxy(structuredClone(content), {
        get: (target, key, receiver) =>
          key === 'd' ? 'changed' : Reflect.get(target, key, receiver),
      }),
    );
    agrees(
      content,
      new Proxy(structuredClone(content), {
        getOwnPropertyDescriptor: (target, key) =>
          key === 'd' ? undefined : Reflect.getOwnPropertyDescriptor(target, key),
      }),
    );
    agrees(
      content,
      new Proxy(structuredClone(content), {
        getPrototypeOf: () => Array.prototype,
      }),
    );
    const throwing = new Proxy(structuredClone(content), {
      ownKeys: () => {
        throw new Error('keys');
      },
    });
    expect(hasSnapshotContent(snapshotOf(content), throwing)).toBe(false);
    const { proxy, revoke } = Proxy.revocable(structuredClone(content), {});
    revoke();
    expect(() => hasSnapshotContent(snapshotOf(content), proxy)).not.toThrow();
    expect(hasSnapshotContent(snapshotOf(content), proxy)).toBe(false);
  });

  it('should agree with contentKeyOf on a getter that deletes or adds a later key while read', () => {
    const deleting = (): Record<string, unknown> => {
      const object: Record<string, unknown> = {};
      Object.defineProperty(object, 'a', {
        get: () => {
          delete object.b;
          return 1;
        },
        enumerable: true,
        configurable: true,
      });
      object.b = 2;
      return object;
    };
    const adding = (): Record<string, unknown> => {
      const object: Record<string, unknown> = {};
      Object.defineProperty(object, 'a', {
        get: () => {
          object.z = 3;
          return 1;
        },
        enumerable: true,
        configurable: true,
      });
      return object;
    };
    for (const reference of [{ a: 1 }, { a: 1, b: 2 }, { a: 1, z: 3 }]) {
      const key = contentKeyOf(reference) as string;
      // A getter with side effects reads differently each time: what matters is no false "same".
      for (const make of [deleting, adding]) {
        const same = hasSnapshotContent(snapshotOf(reference), make());
        if (same) expect(JSON.stringify(make())).toBe(key);
      }
    }
  });

  /** Runs `body` while Object.prototype carries an enumerable key. */
  function polluted(body: () => void): void {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.polluted = 'yes';
    try {
      body();
    } finally {
      delete prototype.polluted;
    }
  }
  const reference = { type: 'object', properties: { a: { type: 'string' } } };

  it('should never say "same" for another content while Object.prototype carries an enumerable key', () => {
    const snapshot = snapshotOf(reference);
    polluted(() => {
      expect(hasSnapshotContent(snapshot, { ...structuredClone(reference), extra: 1 })).toBe(false);
      expect(hasSnapshotContent(snapshot, { type: 'object', properties: {} })).toBe(false);
    });
  });

  it('should give no snapshot (never throw) for a key that is not JSON, and compare anything without throwing', () => {
    expect(snapshotOfContentKey('{not json')).toBeUndefined();
    const snapshot = snapshotOf({ a: [1] });
    for (const value of [
      undefined,
      null,
      1,
      'a',
      Symbol('s'),
      1n,
      () => 1,
      new Map(),
      new Date(),
    ]) {
      expect(hasSnapshotContent(snapshot, value)).toBe(false);
    }
    const deep: unknown[] = [];
    let node = deep;
    for (let depth = 0; depth < 20_000; depth++) {
      const next: unknown[] = [];
      node.push(next);
      node = next;
    }
    expect(() => hasSnapshotContent(snapshotOf([[1]]), deep)).not.toThrow();
    expect(hasSnapshotContent(snapshotOf([[1]]), deep)).toBe(false);
  });
});

describe('checkTurn name lookup around the list/set bound', () => {
  const schemaOf = () => ({ type: 'object' });
  const hostile = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', ''];

  /** Verdict outcomes and codes per call, for the names offered and the names called. */
  function outcomes(toolNames: string[], called: string[]) {
    const verdict = checkTurn(
      called.map((toolName, index) => ({ toolCallId: `c${index}`, toolName, input: {} })),
      schemaOf,
      { toolNames },
    );
    return verdict.calls.map((result) =>
      result.outcome === 'pass'
        ? 'pass'
        : result.code === 'arguments'
          ? `refused:${result.mismatches.map((mismatch) => mismatch.code).join(',')}`
          : 'not run',
    );
  }

  const padding = (count: number) => Array.from({ length: count }, (_, index) => `tool_${index}`);

  for (const [callCount, nameCount] of [
    [1, 1023],
    [1, 1024],
    [1, 1025],
    [2, 512],
    [2, 513],
    [32, 32],
    [33, 32],
    [4, 300],
  ] as const) {
    it(`should find offered names and refuse others alike with ${callCount} calls among ${nameCount} names`, () => {
      const offeredHostile = hostile.slice(0, 3);
      const toolNames = [...offeredHostile, ...padding(nameCount - offeredHostile.length)];
      expect(toolNames).toHaveLength(nameCount);
      // Offered names only: every call passes.
      const offeredCalls = Array.from(
        { length: callCount },
        (_, index) => toolNames[(index * 7) % toolNames.length] as string,
      );
      expect(outcomes(toolNames, offeredCalls)).toEqual(offeredCalls.map(() => 'pass'));
      // One call to a name not offered (an inherited property name), the rest offered.
      for (const stranger of ['toString', 'valueOf', '', 'tool_', `tool_${nameCount}`, 'Tool_0']) {
        const calls = [...offeredCalls.slice(0, callCount - 1), stranger];
        const result = outcomes(toolNames, calls);
        expect(result.at(-1)).toBe('refused:tool');
        expect(result.slice(0, -1).every((outcome) => outcome === 'not run')).toBe(true);
      }
    });
  }

  it('should treat duplicate names and names like __proto__ the same by list and by set', () => {
    const names = ['__proto__', '__proto__', 'constructor', 'a', 'a'];
    const calls = ['__proto__', 'constructor', 'a', 'hasOwnProperty'];
    const byList = outcomes(names, calls);
    const padded = [...names, ...padding(400)];
    const bySet = outcomes(padded, calls);
    expect(byList).toEqual(['not run', 'not run', 'not run', 'refused:tool']);
    expect(bySet).toEqual(byList);
  });

  it('should refuse every call when no tool is offered, by list and by set', () => {
    expect(outcomes([], ['a'])).toEqual(['refused:tool']);
    const many = Array.from({ length: 1100 }, () => 'x');
    expect(outcomes([], many).every((outcome) => outcome === 'refused:tool')).toBe(true);
  });
});
