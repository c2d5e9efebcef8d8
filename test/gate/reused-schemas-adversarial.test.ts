import { openai } from '@ai-sdk/openai';
import { generateText, isStepCount, jsonSchema, type ToolSet, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { GateWiringError, toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

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
