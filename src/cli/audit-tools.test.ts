import { describe, expect, it } from 'vitest';
import {
  anthropicProfile,
  cerebrasProfile,
  googleProfile,
  openaiProfile,
  type StrictProfile,
} from '../decode/index.ts';
import { type AuditedTool, auditTools } from './audit-tools.ts';

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

// A tree: the node refers to itself, so a profile with recursion keeps it under $defs.
const outline: AuditedTool = {
  name: 'outline',
  source: 'tools.json',
  inputSchema: {
    type: 'object',
    properties: { root: { $ref: '#/$defs/node' }, title: { $ref: '#/$defs/text' } },
    $defs: {
      text: { type: 'string' },
      unused: { type: 'object', properties: { x: { $ref: '#/$defs/text' } } },
      node: {
        type: 'object',
        properties: {
          label: { $ref: '#/$defs/text' },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
        },
      },
    },
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
      { path: 'when.day', decodesTo: 'omission' },
      { path: 'when.hour', decodesTo: 'omission' },
      { path: 'stops', decodesTo: 'omission' },
      { path: 'stops[].at', decodesTo: 'omission' },
    ]);
    expect(row?.droppedKeywords).toEqual([
      {
        pointer: '/properties/city/maxLength',
        keyword: 'maxLength',
        hint: 'At most 80 characters.',
      },
    ]);
    expect(row?.references).toEqual({ inlined: 1, kept: [] });
    expect(row?.budget).toBeUndefined();
  });

  it('should count only the references inlined, not the unused ones nor one kept for recursion', () => {
    const [row] = auditTools({ tools: [outline], profiles: [openaiProfile] }).rows;
    // Sent: title and label inlined; the node kept under $defs, referred to twice.
    expect(row?.references).toEqual({ inlined: 2, kept: ['#/$defs/node'] });
  });

  it('should list the placeholders inside a recursive definition, once', () => {
    const [row] = auditTools({ tools: [outline], profiles: [openaiProfile] }).rows;
    expect(row?.placeholders.map((placeholder) => placeholder.path)).toEqual([
      'root',
      'root.label',
      'root.children',
      'title',
    ]);
  });

  it('should name every change to the schema sent by argument path, each once', () => {
    const entities: AuditedTool = {
      name: 'entities',
      source: 'tools.json',
      inputSchema: {
        type: 'object',
        properties: {
          entities: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
          scheme: { anyOf: [{ enum: ['light', 'dark'] }, { type: 'null' }] },
          limit: { type: 'integer', default: 10 },
        },
        required: ['entities'],
        additionalProperties: false,
      },
    };
    const changesOf = (profile: StrictProfile) =>
      auditTools({ tools: [entities], profiles: [profile] }).rows[0]?.changes.map(
        ({ path, text }) => `${path}: ${text}`,
      );
    expect(changesOf(openaiProfile)).toMatchInlineSnapshot(`
      [
        "entities[]: closed: names it does not list are refused (additionalProperties: false)",
        "scheme: made required: it admits null already, so the model sends null or a value",
        "limit: null added as a placeholder for its default 10, which strict mode does not take",
      ]
    `);
    expect(changesOf(anthropicProfile)).toMatchInlineSnapshot(`
      [
        "entities[]: closed: names it does not list are refused (additionalProperties: false)",
        "limit: default 10 left out (strict mode does not take default); the argument stays optional",
      ]
    `);
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
    expect(auditTools({ tools: [weather], profiles: [openaiProfile] }).budgets).toEqual([]);
    const { rows, budgets, ok } = auditTools({
      tools: [weather],
      profiles: [budgeted],
      failOnBudget: true,
    });
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
        withoutStrict: ['weather'],
        fails: true,
      },
    ]);
    expect(ok).toBe(false);
  });

  it('should name the tools a per-request budget sends without strict, and fail on it only when asked', () => {
    const tools: AuditedTool[] = Array.from({ length: 21 }, (_, index) => ({
      name: `t${index + 1}`,
      source: 'tools.json',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        required: index === 6 ? [] : index === 2 ? ['a'] : ['a', 'b'],
      },
    }));
    const report = auditTools({ tools, profiles: [anthropicProfile] });
    expect(report.rows.filter((row) => row.outcome !== 'strict')).toMatchObject([
      {
        tool: 't7',
        outcome: 'over-budget',
        reason: "over anthropic's per-request budget: sent as converted, without strict",
      },
    ]);
    expect(report.budgets[0]).toMatchObject({
      used: { strictTools: 21, optionalParameters: 3 },
      withoutStrict: ['t7'],
      fails: false,
    });
    expect(report.ok).toBe(true);
    expect(auditTools({ tools, profiles: [anthropicProfile], failOnBudget: true }).ok).toBe(false);
  });
});

describe('auditTools, values JSON cannot write', () => {
  it('should describe a default that is not JSON (a BigInt) instead of failing', () => {
    const counter: AuditedTool = {
      name: 'counter',
      source: 'tools.ts',
      inputSchema: {
        type: 'object',
        properties: { start: { type: 'integer', default: 10n } },
      },
    };
    const [row] = auditTools({ tools: [counter], profiles: [openaiProfile] }).rows;
    expect(row?.outcome).toBe('strict');
    const start = (row?.changes ?? []).filter((change) => change.path === 'start');
    expect(start.map((change) => change.text).join('\n')).toContain('10');
    // Not a JSON integer, so the default does not fit: a null means left out.
    expect(start[0]?.text).toContain('a null means left out');
  });
});
