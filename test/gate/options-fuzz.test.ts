/**
 * Malformed options, generated: every one ends in an `InvalidGateOptionError` when the gate is
 * built (or, for tools wrapped per request, when a request first offers them), or in a gate that
 * answers a request. Never another error, never a hang. Seeded, so a failure names its case and
 * CI runs the same 1,000 cases; `OPTIONS_FUZZ_SEED=n` runs another 1,000.
 */
import { openai } from '@ai-sdk/openai';
import { generateText, isStepCount, jsonSchema, type ToolSet, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  InvalidGateOptionError,
  openaiProfile,
  profileNames,
  type ToolGateOptions,
  toolGate,
} from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

const weather = tool({
  inputSchema: z.object({
    city: z.string(),
    unit: z.enum(['celsius', 'fahrenheit']).optional(),
    filters: z.object({ limit: z.number().int().optional() }).optional(),
  }),
  execute: async () => 'sunny',
});
const open = tool({
  inputSchema: jsonSchema({ type: 'object', properties: { q: { type: 'string' } } }),
  execute: async () => 'found',
});
const lazy = tool({
  inputSchema: jsonSchema(async () => ({
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
  })),
  execute: async () => 'got',
});
const shell = openai.tools.localShell({ execute: async () => ({ output: 'ok' }) });

/** The arguments each well-formed tool is called with, under its own name. */
const callsByName: Readonly<Record<string, unknown>> = {
  weather: { city: 'Oslo', unit: null },
  open: { q: 'x' },
  lazy: { id: '1' },
  local_shell: { action: { type: 'exec', command: ['ls'] } },
};
const toolsByName: Readonly<Record<string, unknown>> = { weather, open, lazy, local_shell: shell };

const { proxy: revoked, revoke } = Proxy.revocable({}, {});
revoke();
const getterError = new Error('unreadable');
const throwingGetter = Object.defineProperty({}, 'weather', {
  enumerable: true,
  get: () => {
    throw getterError;
  },
});
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
const settled = Promise.resolve({});

/**
 * Values that are wrong almost anywhere an option is read. The generator holds a token for each
 * (fast-check itself reads generated values, and a revoked proxy throws at any read); the token
 * is put back to the value just before the case runs.
 */
const hostileValues: readonly unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  'openia',
  true,
  false,
  [],
  [1, 'a'],
  {},
  { value: 1 },
  new Map([['weather', weather]]),
  new Set(),
  new Date(0),
  /x/,
  settled,
  revoked,
  throwingGetter,
  cyclic,
  10n,
  Symbol('x'),
  () => 1,
  Object.create(null),
];

class Hostile {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

const junk = fc.nat(hostileValues.length - 1).map((index) => new Hostile(index));

const schemaSymbol = Symbol.for('vercel.ai.schema');

/** The generated case with each token replaced by its value; tools and schemas are kept as they are. */
function materialize(value: unknown, depth = 0): unknown {
  if (value instanceof Hostile) return hostileValues[value.index];
  if (depth > 8 || typeof value !== 'object' || value === null || schemaSymbol in value) {
    return value;
  }
  if (Array.isArray(value)) return value.map((member) => materialize(member, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy = Object.create(prototype) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: materialize((value as Record<string, unknown>)[key], depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

const names = fc.constantFrom(
  'weather',
  'open',
  'lazy',
  'local_shell',
  'wether',
  'constructor',
  '__proto__',
  '',
);

/** Left out (half the time), well-formed, or junk. */
const maybe = <VALUE>(arbitrary: fc.Arbitrary<VALUE>) =>
  fc.option(fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: junk }), {
    nil: undefined,
    freq: 2,
  });

const schemaJunk = fc.oneof(
  fc.constantFrom<unknown>(0, {}, 'x', [], { type: 'object' }, { '~standard': 1 }),
  junk,
);

const toolArb = fc.oneof(
  fc.constantFrom<unknown>(weather, open, lazy, shell),
  junk,
  schemaJunk.map((inputSchema) => ({ inputSchema })),
  fc.record({ type: junk }).map((broken) => ({ ...weather, ...broken })),
  fc.record({ execute: junk }).map((broken) => ({ ...open, ...broken })),
);

/** A tool set: the well-formed tools under their own names, anything else under any name. */
const wellFormedToolSetArb = fc
  .subarray(Object.keys(toolsByName), { minLength: 1 })
  .map((set) => Object.fromEntries(set.map((name) => [name, toolsByName[name]])));
const toolSetArb = fc.oneof(
  { weight: 3, arbitrary: wellFormedToolSetArb },
  { weight: 2, arbitrary: fc.dictionary(names, toolArb, { maxKeys: 3 }) },
);

const paths = fc.constantFrom(
  'unit',
  'unitt',
  'city',
  'filters.limit',
  'filters.limt',
  'filters..limit',
  'events[]',
  'q',
  'region',
  'action',
  '',
);
const values = fc.oneof(
  fc.constantFrom<unknown>('celsius', 'kelvin', 5, 'x', null, { type: 'exec', command: ['ls'] }),
  junk,
);
const defaultsArb = fc.dictionary(
  names,
  fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(paths, values, { maxKeys: 2 }) },
    { weight: 1, arbitrary: junk },
  ),
  { maxKeys: 2 },
);
const overrideArb = fc.oneof(
  fc.record({ enum: fc.oneof(fc.array(values, { maxLength: 3 }), junk) }),
  fc.record({ value: values }),
  fc.record({ value: values, newParameter: fc.oneof(fc.boolean(), junk) }),
  fc.record({ enum: fc.array(values), value: values }),
  fc.record({ enums: fc.array(values) }),
  fc.constant({}),
  junk,
);
const overridesArb = fc.dictionary(
  names,
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.dictionary(
        fc.constantFrom('unit', 'city', 'q', 'qq', 'region', 'action'),
        overrideArb,
        { maxKeys: 2 },
      ),
    },
    { weight: 1, arbitrary: junk },
  ),
  { maxKeys: 2 },
);
const profileArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...profileNames, 'auto', 'opena') },
  fc
    .record({ field: fc.constantFrom(...Object.keys(openaiProfile), 'maxPropertes'), value: junk })
    .map(({ field, value }) => ({ ...openaiProfile, [field]: value })),
  { weight: 2, arbitrary: fc.constant(openaiProfile) },
);

const optionsArb = fc.record(
  {
    tools: maybe(toolSetArb),
    strict: maybe(fc.oneof(fc.boolean(), profileArb)),
    profiles: maybe(fc.dictionary(fc.constantFrom('openai.responses', 'my.chat'), profileArb)),
    defaults: maybe(defaultsArb),
    overrides: maybe(overridesArb),
    leniency: maybe(fc.constantFrom('lenient', 'exact', 'loose')),
    maxMismatches: maybe(fc.constantFrom(1, 3, 0, 2.5, Number.POSITIVE_INFINITY)),
    onRefusal: maybe(
      fc.constantFrom(
        () => undefined,
        () => {
          throw new Error('listener');
        },
      ),
    ),
  },
  { requiredKeys: [] },
);

/** Now and then an option no gate has, such as `tool` for `tools`. */
const withStrayKeyArb = fc
  .tuple(optionsArb, fc.nat(9))
  .map(([options, draw]) => (draw === 0 ? { ...options, tool: {} } : options));

/** Well-formed tools, and defaults and overrides for them that may not fit their schemas. */
const schemaMistakesArb = fc.record(
  {
    tools: wellFormedToolSetArb,
    defaults: fc.dictionary(
      fc.constantFrom(...Object.keys(toolsByName)),
      fc.dictionary(paths, values, { maxKeys: 2 }),
      { maxKeys: 2 },
    ),
    overrides: fc.dictionary(
      fc.constantFrom(...Object.keys(toolsByName)),
      fc.dictionary(
        fc.constantFrom('unit', 'city', 'q', 'qq', 'region', 'action'),
        fc.oneof(
          fc.record({ enum: fc.array(values, { minLength: 1, maxLength: 3 }) }),
          fc.record({ value: values, newParameter: fc.boolean() }),
        ),
        { maxKeys: 2 },
      ),
      { maxKeys: 2 },
    ),
  },
  { requiredKeys: ['tools'] },
);

const caseArb = fc.record({
  options: fc.oneof(
    { weight: 6, arbitrary: withStrayKeyArb },
    { weight: 3, arbitrary: schemaMistakesArb },
    { weight: 1, arbitrary: junk },
  ),
  /** Whether the tools go to `gate.wrapTools` per request instead of to `toolGate`. */
  perRequest: fc.boolean(),
});

/** Whether the case's options are an object the harness may take `tools` out of. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return hostileValues.indexOf(value) === -1 && typeof value === 'object' && value !== null;
}

/** How an options object ended: a named error, or a gate that answered a request. */
type Outcome =
  | 'invalid at toolGate'
  | 'invalid at wrapTools'
  | 'getter error at wrapTools'
  | 'invalid at request'
  | 'answered';

async function runCase({
  options,
  perRequest,
}: {
  options: unknown;
  perRequest: boolean;
}): Promise<Outcome> {
  options = materialize(options);
  const given = options as ToolGateOptions<ToolSet>;
  let tools: unknown;
  let gateOptions = given;
  if (perRequest && isPlainObject(options) && 'tools' in options) {
    const { tools: requestTools, ...rest } = options as { tools: unknown };
    tools = requestTools;
    gateOptions = rest as ToolGateOptions<ToolSet>;
  }
  let gate: ReturnType<typeof toolGate>;
  try {
    gate = toolGate(gateOptions);
  } catch (error) {
    expect(InvalidGateOptionError.isInstance(error), String(error)).toBe(true);
    return 'invalid at toolGate';
  }
  let wrapped: ToolSet;
  if (perRequest) {
    try {
      wrapped = gate.wrapTools(tools as ToolSet);
    } catch (error) {
      expect(InvalidGateOptionError.isInstance(error), String(error)).toBe(true);
      // An app's own getter that throws while the set is read is named as the mistake it is.
      return (error as Error).cause === getterError
        ? 'getter error at wrapTools'
        : 'invalid at wrapTools';
    }
  } else {
    wrapped = gate.tools;
  }
  const calls = Object.keys(wrapped)
    .filter((name) => Object.hasOwn(callsByName, name))
    .map((name, index) => call(`c${index}`, name, callsByName[name]));
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [toolTurn(calls), textTurn('done')],
  });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('the request did not settle in 5 s')), 5_000);
  });
  try {
    await Promise.race([
      generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: wrapped,
        prompt: 'hi',
        stopWhen: isStepCount(2),
        maxRetries: 0,
      }),
      hang,
    ]);
    return 'answered';
  } catch (error) {
    // Schemas known only at the request (per-request tools, a promised schema) are checked then.
    expect(InvalidGateOptionError.isInstance(error), String(error)).toBe(true);
    return 'invalid at request';
  } finally {
    clearTimeout(timer);
  }
}

describe('toolGate with 1,000 generated malformed options', () => {
  it('ends each in InvalidGateOptionError or a gate that answers, never another error or a hang', async () => {
    const outcomes = new Map<Outcome, number>();
    await fc.assert(
      fc.asyncProperty(caseArb, async (testCase) => {
        const outcome = await runCase(testCase);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
      {
        seed: Number(process.env.OPTIONS_FUZZ_SEED ?? 20_260_801),
        numRuns: 1_000,
        endOnFailure: true,
      },
    );
    // The generator reaches every ending, so the property is not passing on one kind alone.
    expect(outcomes.get('invalid at toolGate')).toBeGreaterThan(100);
    expect(outcomes.get('invalid at wrapTools')).toBeGreaterThan(10);
    expect(outcomes.get('invalid at request')).toBeGreaterThan(5);
    expect(outcomes.get('answered')).toBeGreaterThan(50);
  }, 120_000);
});
