import { openai } from '@ai-sdk/openai';
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ToolGateOptions, type ToolOverrides, toolGate } from '../../src/index.ts';
import {
  call,
  offeredTools,
  refusalAnswers,
  refusedPrefix,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * Overrides narrow what the model is offered and what the gate lets through: `enum` narrows a
 * parameter's values, `value` fixes a parameter (removed from the offered schema, handed to the
 * tool whatever happens, and a model that sends another value is refused).
 */

function makeTransfer() {
  const execute = vi.fn(
    async (input: { to: string; currency: string; account: string; amount: number }) =>
      `sent ${input.amount}`,
  );
  const transfer = tool({
    inputSchema: z.object({
      to: z.string(),
      currency: z.enum(['EUR', 'USD', 'GBP']),
      account: z.string(),
      amount: z.number(),
    }),
    execute,
  });
  return { tools: { transfer }, execute };
}

type TransferTools = ReturnType<typeof makeTransfer>['tools'];
const overrides: ToolGateOptions<TransferTools>['overrides'] = {
  transfer: { currency: { enum: ['EUR'] }, account: { value: 'acme-main' } },
};

async function run(provider: string, turns: Parameters<typeof toolTurn>[0][]) {
  const { tools, execute } = makeTransfer();
  const gate = toolGate({ tools, overrides });
  const model = new MockLanguageModelV4({
    provider,
    doGenerate: [...turns.map(toolTurn), textTurn('done')],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'hi',
    stopWhen: isStepCount(5),
  });
  return { model, execute, result };
}

describe('overrides', () => {
  it.each([
    ['openai.responses', true],
    ['google.generative-ai', undefined],
  ])(
    '%s: the offered schema has the narrowed enum and no fixed parameter',
    async (provider, strict) => {
      const { model } = await run(provider, []);
      const offered = offeredTools(model.doGenerateCalls[0] ?? { prompt: [] }).get('transfer');
      expect(offered?.strict).toBe(strict);
      expect(offered?.inputSchema).toMatchObject({
        properties: { currency: { enum: ['EUR'] } },
        required: ['to', 'currency', 'amount'],
      });
      const properties = (offered?.inputSchema as { properties?: object } | undefined)?.properties;
      expect(Object.keys(properties ?? {})).toEqual(['to', 'currency', 'amount']);
    },
  );

  it('the tool receives the fixed value; a value outside the narrowed enum is refused', async () => {
    const { model, execute } = await run('openai.responses', [
      [call('c1', 'transfer', { to: 'bob', currency: 'USD', amount: 5 })],
      [call('c2', 'transfer', { to: 'bob', currency: 'EUR', amount: 5 })],
    ]);

    const { refused } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    expect(String(refused[0]?.output.value)).toBe(
      `${refusedPrefix('transfer')}\n"currency" must be "EUR", not "USD".`,
    );
    expect(execute.mock.calls.map(([input]) => input)).toEqual([
      { to: 'bob', currency: 'EUR', amount: 5, account: 'acme-main' },
    ]);
  });

  it('a model that sends another value for a fixed parameter is refused', async () => {
    const { model, execute } = await run('openai.responses', [
      [call('c1', 'transfer', { to: 'bob', currency: 'EUR', amount: 5, account: 'mallory' })],
      [call('c2', 'transfer', { to: 'bob', currency: 'EUR', amount: 5, account: 'acme-main' })],
    ]);

    const { refused } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    expect(String(refused[0]?.output.value)).toBe(
      `${refusedPrefix('transfer')}\n"account" must not be sent.`,
    );
    // Sending the fixed value itself is no mismatch.
    expect(execute.mock.calls.map(([input]) => input)).toEqual([
      { to: 'bob', currency: 'EUR', amount: 5, account: 'acme-main' },
    ]);
  });

  it('keeps the fixed value out of everything the model is sent, history included', async () => {
    const { model, execute } = await run('openai.responses', [
      [call('c1', 'transfer', { to: 'bob', currency: 'EUR', amount: 5 })],
    ]);

    expect(execute).toHaveBeenCalledTimes(1);
    const sent = JSON.stringify(
      model.doGenerateCalls.map((options) => [options.prompt, options.tools]),
    );
    expect(sent).not.toContain('acme-main');
  });

  describe('a provider-defined client tool (openai.tools.localShell with execute)', () => {
    function makeShell(shellOverrides: ToolOverrides) {
      const execute = vi.fn(async (_input: unknown) => ({ output: 'ok' }));
      const tools = { local_shell: openai.tools.localShell({ execute }) };
      const gate = toolGate({ tools, overrides: { local_shell: shellOverrides } });
      return { gate, execute };
    }
    const ls = { type: 'exec', command: ['ls'] };
    const pwd = { type: 'exec', command: ['pwd'] };
    const rm = { type: 'exec', command: ['rm', '-rf', '/'] };

    async function runShell(shellOverrides: ToolOverrides, actions: unknown[]) {
      const { gate, execute } = makeShell(shellOverrides);
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [
          ...actions.map((action, index) =>
            toolTurn([call(`s${index}`, 'local_shell', { action })]),
          ),
          textTurn('done'),
        ],
      });
      await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(5),
      });
      return { model, execute };
    }

    it('enum: the provider owns the offered tool, the gate enforces the allow-list', async () => {
      const { model, execute } = await runShell({ action: { enum: [ls, pwd] } }, [rm, pwd]);

      // The provider tool is sent as the provider defines it.
      expect(model.doGenerateCalls[0]?.tools).toEqual([
        { type: 'provider', name: 'local_shell', id: 'openai.local_shell', args: {} },
      ]);
      const { refused } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
      expect(refused.map((answer) => answer.toolCallId)).toEqual(['s0']);
      expect(execute.mock.calls.map(([input]) => input)).toEqual([{ action: pwd }]);
    });

    it('value: another value is refused, the fixed one runs', async () => {
      const { model, execute } = await runShell({ action: { value: ls } }, [pwd, ls]);

      const { refused } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
      expect(refused.map((answer) => answer.toolCallId)).toEqual(['s0']);
      expect(execute.mock.calls.map(([input]) => input)).toEqual([{ action: ls }]);
    });
  });

  it('an entry inherited from Object.prototype is no override of a tool of that name', async () => {
    const { tools, execute } = makeTransfer();
    const gate = toolGate({ tools, overrides: {}, defaults: {} });
    const input = { to: 'bob', currency: 'USD', account: 'mine', amount: 5 };
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('call-1', 'transfer', input)]), textTurn('done')],
    });
    // A polluted prototype, present when the request is prepared and judged.
    Object.defineProperty(Object.prototype, 'transfer', {
      value: { account: { value: 'elsewhere' }, currency: { enum: ['GBP'] } },
      configurable: true,
      writable: true,
    });
    try {
      await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(2),
      });
    } finally {
      delete (Object.prototype as { transfer?: unknown }).transfer;
    }
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]?.[0]).toEqual(input);
    const offered = offeredTools(model.doGenerateCalls[0] ?? { prompt: [] }).get('transfer');
    expect(offered?.inputSchema).toMatchObject({
      properties: { account: { type: 'string' }, currency: { enum: ['EUR', 'USD', 'GBP'] } },
    });
  });
});
