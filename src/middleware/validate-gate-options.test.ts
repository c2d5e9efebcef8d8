import { generateText, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, textTurn, toolTurn } from '../../test/gate/helpers.ts';
import { InvalidGateOptionError } from './invalid-gate-option-error.ts';
import { toolGate } from './tool-gate.ts';

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

/** The error the first request through the gate rejects with; the model must not be called. */
async function rejectedBeforeModel(options: Parameters<typeof toolGate>[0]) {
  const gate = toolGate(options);
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [toolTurn([call('c1', 'weather', { city: 'Oslo' })]), textTurn('ok')],
  });
  const error = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'hi',
  }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(model.doGenerateCalls).toHaveLength(0);
  expect(InvalidGateOptionError.isInstance(error)).toBe(true);
  return error as InvalidGateOptionError;
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

  it.each([
    ['a BigInt', 10n, /a bigint is not JSON/],
    ['a Date', new Date(0), /a Date object is not JSON/],
    ['NaN', Number.NaN, /NaN is not a JSON number/],
    ['a function', () => 1, /a function is not JSON/],
  ])('rejects %s as a fixed value when the gate is built', (_name, value, message) => {
    const error = thrownBy(() => toolGate({ tools, overrides: { weather: { city: { value } } } }));
    expect(error?.option).toBe('overrides');
    expect(error?.path).toBe('city');
    expect(error?.message).toMatch(message);
  });

  it('rejects an empty override enum and an override with both enum and value', () => {
    expect(
      thrownBy(() => toolGate({ tools, overrides: { weather: { unit: { enum: [] } } } }))?.message,
    ).toMatch(/at least one allowed value/);
    expect(
      thrownBy(() =>
        toolGate({
          tools,
          overrides: { weather: { unit: { enum: ['celsius'], value: 'celsius' } } },
        }),
      )?.message,
    ).toMatch(/either `enum` or `value`/);
  });
});

describe('tool options checked against the schema, before the model is called', () => {
  it('a default for an argument the tool does not have', async () => {
    const error = await rejectedBeforeModel({ tools, defaults: { weather: { unitt: 'celsius' } } });
    expect([error.option, error.toolName, error.path]).toEqual(['defaults', 'weather', 'unitt']);
    expect(error.message).toContain('did you mean "unit"?');
  });

  it('a nested default path that does not exist, and one that does', async () => {
    const error = await rejectedBeforeModel({
      tools,
      defaults: { weather: { 'filters.limt': 5 } },
    });
    expect(error.path).toBe('filters.limt');
  });

  it('a default outside the enum', async () => {
    const error = await rejectedBeforeModel({ tools, defaults: { weather: { unit: 'kelvin' } } });
    expect(error.message).toContain('must be one of "celsius" or "fahrenheit"');
  });

  it('a default of the wrong type deep in the arguments', async () => {
    const error = await rejectedBeforeModel({
      tools,
      defaults: { weather: { 'filters.limit': 'ten' } },
    });
    expect(error.path).toBe('filters.limit');
  });

  it('a fixed value outside the enum', async () => {
    const error = await rejectedBeforeModel({
      tools,
      overrides: { weather: { unit: { value: 'kelvin' } } },
    });
    expect([error.option, error.path]).toEqual(['overrides', 'unit']);
  });

  it('an override enum that does not narrow', async () => {
    const error = await rejectedBeforeModel({
      tools,
      overrides: { weather: { unit: { enum: ['celsius', 'kelvin'] } } },
    });
    expect(error.message).toContain('"kelvin"');
  });

  it('an override for a parameter the schema lacks', async () => {
    const error = await rejectedBeforeModel({
      tools,
      overrides: { weather: { country: { value: 'NO' } } },
    });
    expect(error.message).toContain('an override cannot add one');
  });

  it('accepts an override of a parameter the schema leaves open by design', async () => {
    const gate = toolGate({ tools, overrides: { open: { region: { value: 'eu' } } } });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('c1', 'open', { q: 'x' })]), textTurn('ok')],
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
    });
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual({ q: 'x', region: 'eu' });
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
