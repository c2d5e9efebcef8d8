import { describe, expect, it } from 'vitest';
import { emptyDecodePlan } from '../../decode/decode-plan.ts';
import { cerebrasProfile, deepseekProfile, openaiProfile } from '../../decode/provider-profiles.ts';
import { applyAllOrNothing } from './apply-all-or-nothing.ts';
import type { StrictConversion, ToolRecord, ToolSending } from './prepare-tool.ts';

const schema = { type: 'object', properties: {}, required: [], additionalProperties: false };
const converted: StrictConversion = {
  kind: 'converted',
  result: { strict: true, schema, plan: emptyDecodePlan, notes: [] },
};

function record(
  name: string,
  conversion: StrictConversion = converted,
  sending: ToolSending = conversion.kind === 'converted' ? 'strict' : 'as-offered',
): ToolRecord {
  const tool = { type: 'function', name, inputSchema: schema } as const;
  return {
    requested: tool,
    offered: tool,
    judged: schema,
    fixedValues: new Map(),
    tool: undefined,
    wrapped: true,
    conversion,
    sending,
  };
}

describe('applyAllOrNothing', () => {
  it('should return the records unchanged for a profile that accepts mixed strict values', () => {
    const records = [record('a'), record('b', { kind: 'refused', reason: 'no' })];
    const result = applyAllOrNothing(records, openaiProfile);
    expect(result.records).toBe(records);
    expect(result.warnings).toEqual([]);
  });

  it('should return the records unchanged when every function tool is strict', () => {
    const providerDefined = record('search', { kind: 'not-tried', because: 'provider-defined' });
    const records = [record('a'), record('b'), providerDefined];
    const result = applyAllOrNothing(records, cerebrasProfile);
    expect(result.records).toBe(records);
    expect(result.warnings).toEqual([]);
  });

  it('should send no tool strict when one schema cannot be strict', () => {
    const refused = record('b', { kind: 'refused', reason: 'no' });
    const result = applyAllOrNothing([record('a'), refused], deepseekProfile);
    expect(result.records.map(({ sending }) => sending)).toEqual(['as-offered', 'as-offered']);
    expect(result.records[1]).toBe(refused);
    expect(result.warnings).toMatchInlineSnapshot(`
      [
        {
          "message": "toolgate: deepseek does not accept strict and non-strict tools together, so no tool is sent strict.",
          "type": "other",
        },
      ]
    `);
  });

  it('should count a tool the app keeps non-strict and one a budget left out', () => {
    for (const other of [
      record('b', { kind: 'not-tried', because: 'app' }),
      record('b', converted, 'converted'),
    ]) {
      const result = applyAllOrNothing([record('a'), other], cerebrasProfile);
      expect(result.records.map(({ sending }) => sending)).toEqual(['as-offered', 'as-offered']);
      expect(result.warnings).toHaveLength(1);
    }
  });

  it('should not count a tool the profile does not convert', () => {
    const records = [record('a', { kind: 'not-tried', because: 'profile' })];
    expect(applyAllOrNothing(records, cerebrasProfile).records).toBe(records);
  });
});
