import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { googleProfile, openaiProfile } from '../../decode/provider-profiles.ts';
import { PreparedStore } from '../../store/prepared-store.ts';
import type { OwnedTool } from '../tools/owned-schemas.ts';
import { prepareTool, refusedConversionWarning, type SentTool } from './prepare-tool.ts';

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer' } },
  required: ['city'],
  additionalProperties: false,
};
const tupleSchema = {
  type: 'object',
  properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } },
  required: ['pair'],
};

/** A wrapped function tool as a request offers it, with the gate's record of it. */
function offer(schema: Record<string, unknown>, strict?: boolean) {
  const sent: SentTool = { type: 'function', name: 'weather', inputSchema: schema, strict };
  const ownedTool: OwnedTool = {
    tool: tool({ inputSchema: jsonSchema(schema), execute: async () => 'sunny' }),
    schema: structuredClone(schema),
  };
  return {
    tool: sent,
    ownedTool,
    providerSchema: undefined,
    options: {},
    store: new PreparedStore(),
  };
}

describe('prepareTool', () => {
  it('should convert a function tool for a strict profile and send it strict', () => {
    const record = prepareTool({ ...offer(weatherSchema), profile: openaiProfile });
    expect(record.sending).toBe('strict');
    expect(record.conversion.kind).toBe('converted');
    expect(record.wrapped).toBe(true);
    expect(record.judged).toEqual(weatherSchema);
    expect(refusedConversionWarning(record)).toEqual([]);
  });

  it('should not convert a tool the app keeps non-strict', () => {
    const record = prepareTool({ ...offer(weatherSchema, false), profile: openaiProfile });
    expect(record.conversion).toEqual({ kind: 'not-tried', because: 'app' });
    expect(record.sending).toBe('as-offered');
  });

  it('should not convert for a profile without strict tools', () => {
    const record = prepareTool({ ...offer(weatherSchema, true), profile: googleProfile });
    expect(record.conversion).toEqual({ kind: 'not-tried', because: 'profile' });
  });

  it('should record why a schema cannot be strict, and warn of it', () => {
    const record = prepareTool({ ...offer(tupleSchema), profile: openaiProfile });
    expect(record.conversion.kind).toBe('refused');
    expect(record.sending).toBe('as-offered');
    expect(refusedConversionWarning(record)).toMatchInlineSnapshot(`
      [
        {
          "message": "toolgate: tool "weather" is sent without strict mode: "/properties/pair" is a tuple (a schema per position), which strict mode does not accept.",
          "type": "other",
        },
      ]
    `);
  });

  it('should keep a provider-defined tool as offered, judged by its app schema', () => {
    const providerTool: SentTool = { type: 'provider', id: 'a.search', name: 'search', args: {} };
    const record = prepareTool({
      tool: providerTool,
      ownedTool: undefined,
      providerSchema: weatherSchema,
      options: {},
      profile: openaiProfile,
      store: new PreparedStore(),
    });
    expect(record).toMatchObject({
      offered: providerTool,
      judged: weatherSchema,
      wrapped: false,
      conversion: { kind: 'not-tried', because: 'provider-defined' },
      sending: 'as-offered',
    });
  });
});
