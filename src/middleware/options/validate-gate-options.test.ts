import { generateText, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, textTurn, toolTurn } from '../../../test/gate/helpers.ts';
import { openaiProfile } from '../../decode/provider-profiles.ts';
import { toolGate } from '../tool-gate.ts';
import { InvalidGateOptionError } from './invalid-gate-option-error.ts';

const weather = tool({
  inputSchema: z.object({
    city: z.string(),
    unit: z.enum(['celsius', 'fahrenheit']).optional(),
    filters: z.object({ limit: z.number().int().optional() }).optional(),
  }),
  execute: async () => 'ok',
});
const open = tool({
  inputSchema: jsonSchema({ type: 'object', properties: { q: { type: 'string' } } }),
  execute: async () => 'ok',
});
const tools = { weather, open };

/** The error `toolGate(options)` throws, or `undefined`. */
function thrownBy(build: () => unknown): InvalidGateOptionError | undefined {
  try {
    build();
  } catch (error) {
    if (InvalidGateOptionError.isInstance(error)) return error;
    throw error;
  }
  return undefined;
}

/**
 * The error the first request through a gate rejects with, for tools wrapped per request (their
 * schemas are known only then); the model must not be called.
 */
async function rejectedBeforeModel(options: Parameters<typeof toolGate>[0]) {
  const gate = toolGate(options);
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [toolTurn([call('c1', 'weather', { city: 'Oslo' })]), textTurn('ok')],
  });
  const error = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.wrapTools(tools),
    prompt: 'hi',
  }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(model.doGenerateCalls).toHaveLength(0);
  expect(InvalidGateOptionError.isInstance(error)).toBe(true);
  return error as InvalidGateOptionError;
}

/** One call of `open` through a gate with these overrides: the input the tool's call got. */
async function openCallInput(options: Parameters<typeof toolGate>[0]) {
  const gate = toolGate(options);
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [toolTurn([call('c1', 'open', { q: 'x' })]), textTurn('ok')],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'hi',
  });
  return result.steps[0]?.toolCalls[0]?.input;
}

describe('toolGate options', () => {
  it('builds a gate with no options at all, for tools wrapped per request', () => {
    expect(thrownBy(() => toolGate())).toBeUndefined();
    expect(thrownBy(() => toolGate({}))).toBeUndefined();
  });

  it.each([
    ['options', null, /toolGate needs an options object/],
    ['strict', { strict: 'yes' }, /expected 'auto', true, false, a profile name/],
    ['leniency', { leniency: 'loose' }, /expected 'lenient' or 'exact'; got "loose"/],
    ['maxMismatches', { maxMismatches: 0 }, /at least 1/],
    ['maxMismatches', { maxMismatches: 2.5 }, /at least 1/],
    ['onRefusal', { onRefusal: 'log' }, /expected a function/],
    [
      'profiles',
      { profiles: { 'my.chat': 'openia' } },
      /expected a StrictProfile or a profile name/,
    ],
  ])('rejects a wrong %s: %j', (option, options, message) => {
    const error = thrownBy(() => toolGate(options as never));
    expect(error?.option).toBe(option);
    expect(error?.message).toMatch(message);
  });

  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const weatherOnly = { weather };

  it.each([
    ['a revoked proxy as the options', revoked, ['options'], /reading it threw/],
    ['an unknown option', { tools, tool: {} }, ['tool'], /no such option; did you mean "tools"\?/],
    [
      'tools as a Map',
      { tools: new Map([['weather', weather]]) },
      ['tools'],
      /a Map; pass Object.fromEntries/,
    ],
    ['tools as a promise', { tools: Promise.resolve(tools) }, ['tools'], /await it first/],
    ['tools as a list', { tools: [weather] }, ['tools'], /give each tool a name/],
    ['tools as a revoked proxy', { tools: revoked }, ['tools'], /reading it threw/],
    ['a null tool', { tools: { a: null } }, ['tools', 'a'], /expected a tool/],
    ['a revoked proxy as a tool', { tools: { a: revoked } }, ['tools', 'a'], /reading it threw/],
    [
      'a tool with a getter that throws',
      {
        tools: {
          a: Object.defineProperty({ ...weather }, 'description', {
            enumerable: true,
            get: () => {
              throw new Error('no description');
            },
          }),
        },
      },
      ['tools', 'a'],
      /reading it threw \(no description\)/,
    ],
    [
      'an inputSchema of 0',
      { tools: { a: { inputSchema: 0 } } },
      ['tools', 'a', 'inputSchema'],
      /got 0/,
    ],
    [
      'an inputSchema of {}',
      { tools: { a: { inputSchema: {} } } },
      ['tools', 'a', 'inputSchema'],
      /a plain object is not a schema; wrap JSON Schema in jsonSchema/,
    ],
    [
      'a Standard Schema that cannot be JSON Schema',
      {
        tools: {
          a: {
            inputSchema: {
              '~standard': { vendor: 'x', version: 1, validate: () => ({ value: 1 }) },
            },
          },
        },
      },
      ['tools', 'a', 'inputSchema'],
      /cannot turn this Standard Schema/,
    ],
    [
      'a misspelt tool type',
      { tools: { a: { ...weather, type: 'funtion' } } },
      ['tools', 'a', 'type'],
      /got "funtion"/,
    ],
    [
      'an execute that is no function',
      { tools: { a: { ...weather, execute: 'run' } } },
      ['tools', 'a', 'execute'],
      /expected a function/,
    ],
    ['a misspelt profile name', { strict: 'opena' }, ['strict'], /did you mean "openai"\?/],
    [
      'a profile object missing fields',
      { strict: { name: 'x', strictTools: true } },
      ['strict'],
      /"nullable" is missing/,
    ],
    [
      'a misspelt profile field',
      { strict: { ...openaiProfile, maxPropertes: 10 } },
      ['strict'],
      /"maxPropertes" is no profile field; did you mean "maxProperties"\?/,
    ],
    [
      'a profile with a negative limit',
      { profiles: { 'my.chat': { ...openaiProfile, maxProperties: -1 } } },
      ['profiles', undefined, 'my.chat'],
      /"maxProperties" must be a whole number/,
    ],
    ['a revoked proxy as defaults', { defaults: revoked }, ['defaults'], /reading it threw/],
    [
      'a misspelt override key',
      { tools: weatherOnly, overrides: { weather: { unit: { enums: ['celsius'] } } } },
      ['overrides', 'weather', 'unit'],
      /no key "enums"; did you mean "enum"\?/,
    ],
    [
      'an override that does nothing',
      { tools: weatherOnly, overrides: { weather: { unit: {} } } },
      ['overrides', 'weather', 'unit'],
      /needs `enum`.*or `value`/,
    ],
    [
      'a newParameter that is no boolean',
      {
        tools: weatherOnly,
        overrides: { weather: { unit: { enum: ['celsius'], newParameter: 'yes' } } },
      },
      ['overrides', 'weather', 'unit'],
      /newParameter must be true or false/,
    ],
    [
      'a malformed default path',
      { defaults: { weather: { 'filters..limit': 5 } } },
      ['defaults', 'weather', 'filters..limit'],
      /expected an argument path/,
    ],
    [
      'a default path ending in []',
      { defaults: { weather: { 'events[]': 5 } } },
      ['defaults', 'weather', 'events[]'],
      /not in "\[\]"/,
    ],
    [
      'a default that is not JSON',
      { defaults: { weather: { unit: 10n } } },
      ['defaults', 'weather', 'unit'],
      /a default must be JSON, as a model sends it/,
    ],
    ['a maxMismatches of NaN', { maxMismatches: Number.NaN }, ['maxMismatches'], /got NaN/],
  ])('rejects %s', (_mistake, options, place, message) => {
    const error = thrownBy(() => toolGate(options as never));
    expect([error?.option, error?.toolName, error?.path].slice(0, place.length)).toEqual(place);
    expect(error?.message).toMatch(message);
  });

  it('keeps what reading an option threw as the cause', () => {
    const defaults = {
      get weather(): never {
        throw new RangeError('no defaults today');
      },
    };
    const error = thrownBy(() => toolGate({ defaults } as never));
    expect(error?.cause).toBeInstanceOf(RangeError);
    expect(error?.message).toContain('no defaults today');
  });

  it('accepts profiles by name', () => {
    expect(thrownBy(() => toolGate({ strict: 'openai' }))).toBeUndefined();
    expect(thrownBy(() => toolGate({ profiles: { 'llamacpp.chat': 'openai' } }))).toBeUndefined();
  });

  it('names the nearest tool for defaults or overrides of a tool the gate does not have', () => {
    const error = thrownBy(() =>
      toolGate({ tools, defaults: { wether: { unit: 'celsius' } } as never }),
    );
    expect(error?.option).toBe('defaults');
    expect(error?.toolName).toBe('wether');
    expect(error?.message).toContain('did you mean "weather"?');
    expect(thrownBy(() => toolGate({ tools, overrides: { wheather: {} } as never }))?.option).toBe(
      'overrides',
    );
  });

  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  it.each([
    ['a BigInt', 10n],
    ['a Date', new Date(0)],
    ['NaN', Number.NaN],
    ['a function', () => 1],
    ['a cycle', cycle],
    ['an object with toJSON', { toJSON: () => 'x' }],
  ])('rejects %s as a fixed value when the gate is built', (_name, value) => {
    const error = thrownBy(() => toolGate({ tools, overrides: { weather: { city: { value } } } }));
    expect(error?.option).toBe('overrides');
    expect(error?.path).toBe('city');
    expect(error?.message).toMatch(/a fixed value must be JSON, as a model sends it/);
  });

  it('rejects an empty override enum and an override with both enum and value', () => {
    expect(
      thrownBy(() => toolGate({ tools, overrides: { weather: { unit: { enum: [] } } } }))?.message,
    ).toMatch(/at least one allowed value/);
    expect(
      thrownBy(() =>
        toolGate({
          tools,
          overrides: { weather: { unit: { enum: ['celsius'], value: 'celsius' } as never } },
        }),
      )?.message,
    ).toMatch(/either `enum` or `value`/);
  });
});

describe('tool options checked against the schema when the gate is built', () => {
  it.each([
    [
      'a default for an argument the tool does not have',
      { defaults: { weather: { unitt: 'celsius' } } },
      ['defaults', 'weather', 'unitt'],
      `the tool's schema declares no argument "unitt"; did you mean "unit"?`,
    ],
    [
      'a nested default path that does not exist',
      { defaults: { weather: { 'filters.limt': 5 } } },
      ['defaults', 'weather', 'filters.limt'],
      'did you mean "filters.limit"?',
    ],
    [
      'a default outside the enum',
      { defaults: { weather: { unit: 'kelvin' } } },
      ['defaults', 'weather', 'unit'],
      `the default does not fit the tool's schema: "unit" must be one of "celsius" or "fahrenheit", not "kelvin".`,
    ],
    [
      'a default of the wrong type deep in the arguments',
      { defaults: { weather: { 'filters.limit': 'ten' } } },
      ['defaults', 'weather', 'filters.limit'],
      '"limit" must be an integer',
    ],
    [
      'a default for a required argument, which never applies',
      { defaults: { weather: { city: 'Oslo' } } },
      ['defaults', 'weather', 'city'],
      '"city" is a required argument, so the model must send it and a default never applies',
    ],
    [
      'a default for a name an open schema does not declare',
      { defaults: { open: { qq: 'x' } } },
      ['defaults', 'open', 'qq'],
      'did you mean "q"?',
    ],
    [
      'a fixed value outside the enum',
      { overrides: { weather: { unit: { value: 'kelvin' } } } },
      ['overrides', 'weather', 'unit'],
      'the fixed value does not fit',
    ],
    [
      'an override enum that does not narrow',
      { overrides: { weather: { unit: { enum: ['celsius', 'kelvin'] } } } },
      ['overrides', 'weather', 'unit'],
      'not "kelvin"',
    ],
    [
      'an override for a parameter a closed schema lacks',
      { overrides: { weather: { country: { value: 'NO' } } } },
      ['overrides', 'weather', 'country'],
      'admits no other parameters (additionalProperties: false), so none can be added',
    ],
    [
      'a misspelt override on an open schema',
      { overrides: { open: { qq: { value: 'x' } } } },
      ['overrides', 'open', 'qq'],
      `the tool's schema declares no parameter "qq"; did you mean "q"? An override of an undeclared name leaves the real parameter unconstrained; to add "qq" as a new parameter on purpose, set newParameter: true.`,
    ],
    [
      'newParameter on a closed schema',
      { overrides: { weather: { country: { value: 'NO', newParameter: true } } } },
      ['overrides', 'weather', 'country'],
      `newParameter cannot add "country"`,
    ],
  ])('rejects %s', (_mistake, options, place, message) => {
    const error = thrownBy(() => toolGate({ tools, ...(options as object) }));
    expect([error?.option, error?.toolName, error?.path]).toEqual(place);
    expect(error?.message).toContain(message);
  });

  it('names the nearest parameter of a nested schema in list items', () => {
    const events = tool({
      inputSchema: jsonSchema({
        type: 'object',
        properties: {
          events: {
            type: 'array',
            items: {
              type: 'object',
              properties: { when: { type: 'string' }, where: { type: 'string' } },
              required: ['when'],
            },
          },
        },
      }),
    });
    const typo = thrownBy(() =>
      toolGate({ tools: { events }, defaults: { events: { 'events[].wehre': 'home' } } }),
    );
    expect(typo?.message).toContain('did you mean "events[].where"?');
    const required = thrownBy(() =>
      toolGate({ tools: { events }, defaults: { events: { 'events[].when': 'now' } } }),
    );
    expect(required?.message).toContain('is a required argument');
    expect(
      thrownBy(() =>
        toolGate({ tools: { events }, defaults: { events: { 'events[].where': 'home' } } }),
      ),
    ).toBeUndefined();
  });

  it('finds arguments behind $ref and in union branches, where the gate applies a default', () => {
    const referenced = tool({
      inputSchema: jsonSchema({
        type: 'object',
        $defs: { Place: { type: 'object', properties: { unit: { enum: ['c', 'f'] } } } },
        properties: { place: { anyOf: [{ $ref: '#/$defs/Place' }, { type: 'null' }] } },
      }),
    });
    const withDefault = (path: string) =>
      thrownBy(() =>
        toolGate({ tools: { referenced }, defaults: { referenced: { [path]: 'c' } } }),
      );
    expect(withDefault('place.unit')).toBeUndefined();
    expect(withDefault('place.unti')?.message).toContain('did you mean "place.unit"?');
  });

  // The checker does not judge a root holding allOf or $ref: an override there would not be
  // enforced, so it is refused.
  const combined = tool({
    inputSchema: jsonSchema({
      type: 'object',
      allOf: [
        { properties: { city: { type: 'string' } } },
        { properties: { unit: { enum: ['c', 'f'] } } },
      ],
    }),
  });
  const referencedRoot = tool({
    inputSchema: jsonSchema({
      $defs: { Place: { type: 'object', properties: { unit: { enum: ['c', 'f'] } } } },
      $ref: '#/$defs/Place',
    }),
  });

  it('accepts a default for an argument declared under allOf', () => {
    expect(
      thrownBy(() => toolGate({ tools: { combined }, defaults: { combined: { unit: 'c' } } })),
    ).toBeUndefined();
  });

  it.each([
    ['allOf', combined],
    ['$ref', referencedRoot],
  ])(
    'rejects an override on a root that holds %s, where the checker would not enforce it',
    (keyword, tool) => {
      for (const override of [{ value: 'c' }, { enum: ['c'] }]) {
        const error = thrownBy(() =>
          toolGate({ tools: { tool }, overrides: { tool: { unit: override } } }),
        );
        expect([error?.option, error?.toolName, error?.path]).toEqual([
          'overrides',
          'tool',
          'unit',
        ]);
        expect(error?.message).toContain(`the tool's schema holds ${keyword} at its root`);
      }
    },
  );

  it('rejects a newParameter value that other names of the schema may not have', () => {
    const strings = tool({
      inputSchema: jsonSchema({ type: 'object', additionalProperties: { type: 'string' } }),
    });
    const error = thrownBy(() =>
      toolGate({
        tools: { strings },
        overrides: { strings: { region: { value: 5, newParameter: true } } },
      }),
    );
    expect(error?.message).toContain('"region" must be text');
  });

  it('adds a parameter an open schema does not declare with newParameter: true', async () => {
    const input = await openCallInput({
      tools,
      overrides: { open: { region: { value: 'eu', newParameter: true } } },
    });
    expect(input).toEqual({ q: 'x', region: 'eu' });
  });

  it('accepts valid defaults and overrides', async () => {
    const gate = toolGate({
      tools,
      defaults: { weather: { unit: 'celsius', 'filters.limit': 5 } },
      overrides: { weather: { unit: { enum: ['celsius'] } } },
    });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('c1', 'weather', { city: 'Oslo', unit: null })]), textTurn('ok')],
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
    });
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual({ city: 'Oslo', unit: 'celsius' });
  });
});

describe('tool options of tools wrapped per request, checked before the model is called', () => {
  it('a default for an argument the tool does not have', async () => {
    const error = await rejectedBeforeModel({ defaults: { weather: { unitt: 'celsius' } } });
    expect([error.option, error.toolName, error.path]).toEqual(['defaults', 'weather', 'unitt']);
    expect(error.message).toContain('did you mean "unit"?');
  });

  it('a default for a required argument', async () => {
    const error = await rejectedBeforeModel({ defaults: { weather: { city: 'Oslo' } } });
    expect(error.message).toContain('is a required argument');
  });

  it('a misspelt override on an open schema', async () => {
    const error = await rejectedBeforeModel({ overrides: { open: { qq: { value: 'x' } } } });
    expect([error.option, error.toolName, error.path]).toEqual(['overrides', 'open', 'qq']);
    expect(error.message).toContain('did you mean "q"?');
  });
});

describe('gate.wrapTools', () => {
  const gate = toolGate();

  it.each([
    ['a Map', new Map([['weather', weather]]), undefined, /Object.fromEntries/],
    ['a promise of tools', Promise.resolve(tools), undefined, /await it first/],
    ['a set with a null tool', { weather, broken: null }, 'broken', /expected a tool/],
    ['a tool with an inputSchema of 0', { broken: { inputSchema: 0 } }, 'broken', /got 0/],
  ])('rejects %s with an InvalidGateOptionError', (_kind, set, toolName, message) => {
    const error = thrownBy(() => gate.wrapTools(set as never));
    expect(error?.option).toBe('tools');
    expect(error?.toolName).toBe(toolName);
    expect(error?.message).toMatch(message);
  });

  it('wraps an object tagged as a module namespace (import * as tools), a set of tools too', () => {
    const namespace = Object.create(null, {
      [Symbol.toStringTag]: { value: 'Module' },
      weather: { value: weather, enumerable: true },
    });
    expect(Object.prototype.toString.call(namespace)).toBe('[object Module]');
    expect(Object.keys(gate.wrapTools(namespace))).toEqual(['weather']);
  });
});
