import { describe, expect, it } from 'vitest';
import { emptyDecodePlan } from '../../decode/decode-plan.ts';
import { anthropicProfile, openaiProfile } from '../../decode/provider-profiles.ts';
import { applyStrictBudget } from './apply-strict-budget.ts';
import type { StrictConversion, ToolRecord } from './prepare-tool.ts';

/** An object schema with `count` optional string parameters. */
function optionalParameters(count: number) {
  const properties = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' }]),
  );
  return { type: 'object', properties, required: [], additionalProperties: false };
}

/** A function tool's record, converted with `schema` unless a conversion is given. */
function record(
  name: string,
  schema: Record<string, unknown>,
  conversion: StrictConversion = {
    kind: 'converted',
    result: { strict: true, schema, plan: emptyDecodePlan, notes: [] },
  },
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
    sending: conversion.kind === 'converted' ? 'strict' : 'as-offered',
  };
}

describe('applyStrictBudget', () => {
  it('should return the records unchanged for a profile without budgets', () => {
    const records = [record('a', optionalParameters(30)), record('b', optionalParameters(30))];
    const result = applyStrictBudget(records, openaiProfile);
    expect(result.records).toBe(records);
    expect(result.warnings).toEqual([]);
  });

  it('should return the records unchanged when every budget holds', () => {
    const records = [record('a', optionalParameters(12)), record('b', optionalParameters(12))];
    const result = applyStrictBudget(records, anthropicProfile);
    expect(result.records).toBe(records);
    expect(result.warnings).toEqual([]);
  });

  it('should send the costliest tool with its converted schema but without strict mode', () => {
    const records = [
      record('small', optionalParameters(4)),
      record('large', optionalParameters(20)),
      record('medium', optionalParameters(8)),
    ];
    const result = applyStrictBudget(records, anthropicProfile);
    expect(result.records.map(({ sending }) => sending)).toEqual(['strict', 'converted', 'strict']);
    expect(result.records[0]).toBe(records[0]);
    expect(result.records[1]?.conversion).toBe(records[1]?.conversion);
    expect(result.warnings).toMatchInlineSnapshot(`
      [
        {
          "message": "toolgate: anthropic takes fewer strict tools, optional or union-typed parameters in one request, so "large" is sent without strict mode.",
          "type": "other",
        },
      ]
    `);
  });

  it('should count strict tools only, and name every tool left out, costliest first', () => {
    const tools = Array.from({ length: 22 }, (_, index) =>
      record(`t${index}`, optionalParameters(index === 5 ? 1 : 0)),
    );
    const refused = record('kept', optionalParameters(40), { kind: 'refused', reason: 'no' });
    const result = applyStrictBudget([refused, ...tools], anthropicProfile);
    expect(result.records[0]).toBe(refused);
    expect(
      result.records
        .filter(({ sending }) => sending === 'converted')
        .map(({ offered }) => offered.name),
    ).toEqual(['t0', 't5']);
    expect(
      result.warnings[0]?.type === 'other' && result.warnings[0].message,
    ).toMatchInlineSnapshot(
      `"toolgate: anthropic takes fewer strict tools, optional or union-typed parameters in one request, so "t5", "t0" are sent without strict mode."`,
    );
  });
});
