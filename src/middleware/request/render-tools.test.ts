import { describe, expect, it } from 'vitest';
import { emptyDecodePlan } from '../../decode/decode-plan.ts';
import { mistralProfile, openaiProfile } from '../../decode/provider-profiles.ts';
import type { SentTool, StrictConversion, ToolRecord, ToolSending } from './prepare-tool.ts';
import { sendingOf } from './render-tools.ts';

const offeredSchema = { type: 'object', properties: { city: { type: 'string' } } };
const strictSchema = { ...offeredSchema, required: ['city'], additionalProperties: false };
const converted: StrictConversion = {
  kind: 'converted',
  result: { strict: true, schema: strictSchema, plan: emptyDecodePlan, notes: [] },
};

function record(
  conversion: StrictConversion,
  sending: ToolSending,
  fields: Partial<Extract<SentTool, { type: 'function' }>> = {},
): ToolRecord {
  const tool: SentTool = {
    type: 'function',
    name: 'weather',
    inputSchema: offeredSchema,
    ...fields,
  };
  return {
    requested: tool,
    offered: tool,
    judged: offeredSchema,
    fixedValues: new Map(),
    tool: undefined,
    wrapped: true,
    conversion,
    sending,
  };
}

describe('sendingOf', () => {
  it('should send a strict tool with its strict schema and strict mode', () => {
    expect(sendingOf([record(converted, 'strict')], openaiProfile)).toEqual([
      { inputSchema: strictSchema, strict: true },
    ]);
  });

  it('should send a tool a budget left out with its strict schema, without strict mode', () => {
    expect(sendingOf([record(converted, 'converted', { strict: true })], openaiProfile)).toEqual([
      { inputSchema: strictSchema, strict: false },
    ]);
  });

  it('should send a tool as the request has it when nothing changes', () => {
    const records = [
      record({ kind: 'not-tried', because: 'profile' }, 'as-offered', { strict: true }),
      record({ kind: 'not-tried', because: 'app' }, 'as-offered', { strict: false }),
      record({ kind: 'refused', reason: 'no' }, 'as-offered'),
    ];
    expect(sendingOf(records, openaiProfile)).toEqual([undefined, undefined, undefined]);
  });

  it("should leave out the app's strict: true where the gate chose no strict mode", () => {
    const records = [
      record({ kind: 'refused', reason: 'no' }, 'as-offered', { strict: true }),
      record(converted, 'as-offered', { strict: true }),
    ];
    expect(sendingOf(records, openaiProfile)).toEqual([
      { inputSchema: offeredSchema, strict: false },
      { inputSchema: offeredSchema, strict: false },
    ]);
  });

  it('should strip the keywords the provider fails on', () => {
    const withSchemaKeyword = { $schema: 'x', ...offeredSchema };
    const records = [
      record({ kind: 'not-tried', because: 'profile' }, 'as-offered', {
        inputSchema: withSchemaKeyword,
      }),
    ];
    expect(sendingOf(records, mistralProfile)).toEqual([
      { inputSchema: offeredSchema, strict: undefined },
    ]);
  });

  it('should send a provider-defined tool as the request has it', () => {
    const tool: SentTool = { type: 'provider', id: 'a.b', name: 'search', args: {} };
    const providerDefined: ToolRecord = {
      ...record({ kind: 'not-tried', because: 'provider-defined' }, 'as-offered'),
      requested: tool,
      offered: tool,
    };
    expect(sendingOf([providerDefined], mistralProfile)).toEqual([undefined]);
  });
});
