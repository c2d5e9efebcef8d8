import { describe, expect, it } from 'vitest';
import {
  cerebrasProfile,
  googleProfile,
  openaiProfile,
  type StrictProfile,
} from '../decode/index.ts';
import { type AuditedTool, auditTools, budgetsOf } from './audit-tools.ts';

const weather: AuditedTool = {
  name: 'weather',
  source: 'tools.json',
  inputSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', maxLength: 80 },
      unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' },
      when: { type: 'object', properties: { day: { type: 'string' }, hour: { type: 'integer' } } },
      stops: {
        type: 'array',
        items: { type: 'object', properties: { at: { $ref: '#/$defs/place' } } },
      },
    },
    required: ['city'],
    $defs: { place: { type: 'string' } },
  },
};

// A tuple: strict mode has no schema per position, so this tool is sent without strict.
const pin: AuditedTool = {
  name: 'pin',
  source: 'tools.json',
  inputSchema: {
    type: 'object',
    properties: { at: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] } },
    required: ['at'],
  },
};

describe('auditTools', () => {
  it('should list placeholders by argument path, dropped keywords with their hint, and inlined refs', () => {
    const { rows, ok } = auditTools({ tools: [weather], profiles: [openaiProfile] });
    expect(ok).toBe(true);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.outcome).toBe('strict');
    expect(row?.placeholders).toEqual([
      { path: 'unit', decodesTo: 'default', value: 'celsius' },
      { path: 'when', decodesTo: 'omission' },
      { path: 'stops', decodesTo: 'omission' },
      { path: 'when.day', decodesTo: 'omission' },
      { path: 'when.hour', decodesTo: 'omission' },
      { path: 'stops[].at', decodesTo: 'omission' },
    ]);
    expect(row?.droppedKeywords).toEqual([
      {
        pointer: '/properties/city/maxLength',
        keyword: 'maxLength',
        hint: 'At most 80 characters.',
      },
    ]);
    expect(row?.refsInlined).toBe(1);
    expect(row?.budget).toBeUndefined();
  });

  it('should say why a tool cannot be strict and fail the audit', () => {
    const { rows, ok } = auditTools({ tools: [weather, pin], profiles: [openaiProfile] });
    expect(ok).toBe(false);
    expect(rows.map((row) => [row.tool, row.outcome])).toEqual([
      ['weather', 'strict'],
      ['pin', 'not-strict'],
    ]);
    expect(rows[1]?.reason).toBe(
      '"/properties/at" is a tuple (a schema per position), which strict mode does not accept',
    );
  });

  it('should take strict away from every tool where a profile needs one strict value per request', () => {
    const { rows } = auditTools({ tools: [weather, pin], profiles: [cerebrasProfile] });
    expect(rows[0]).toMatchObject({
      tool: 'weather',
      outcome: 'not-strict',
      reason:
        'cerebras needs one strict value for every tool of a request, and "pin" cannot be strict',
      placeholders: [],
    });
  });

  it('should pass tools a profile sends as they are, and provider-defined tools', () => {
    const search: AuditedTool = { name: 'web_search', source: 'tools.ts', inputSchema: undefined };
    const { rows, ok } = auditTools({ tools: [pin, search], profiles: [googleProfile] });
    expect(ok).toBe(true);
    expect(rows.map((row) => row.outcome)).toEqual(['unconverted', 'unconverted']);
    expect(rows[1]?.reason).toBe('a provider-defined tool: the provider owns its schema');
  });

  it('should count a request budget where a profile declares one, and fail when it is passed', () => {
    const budgeted = {
      ...openaiProfile,
      name: 'budgeted',
      mixedStrict: true,
      maxStrictTools: 20,
      maxOptionalParameters: 24,
      maxUnionParameters: 3,
    } as StrictProfile;
    expect(budgetsOf(budgeted)).toEqual({
      maxStrictTools: 20,
      maxOptionalParameters: 24,
      maxUnionParameters: 3,
    });
    expect(budgetsOf(openaiProfile)).toBeUndefined();
    const { rows, budgets, ok } = auditTools({ tools: [weather], profiles: [budgeted] });
    // OpenAI-style conversion: nothing optional is left, but every placeholder is a union.
    expect(rows[0]?.budget).toEqual({ strictTools: 1, optionalParameters: 0, unionParameters: 6 });
    expect(budgets).toEqual([
      {
        profile: 'budgeted',
        used: { strictTools: 1, optionalParameters: 0, unionParameters: 6 },
        limits: { maxStrictTools: 20, maxOptionalParameters: 24, maxUnionParameters: 3 },
        exceeded: [
          '6 parameters with a union (anyOf or a type list) in one request; budgeted accepts at most 3',
        ],
      },
    ]);
    expect(ok).toBe(false);
  });
});
