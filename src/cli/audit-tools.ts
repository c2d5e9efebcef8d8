import type { JSONSchema7 } from '@ai-sdk/provider';
import { type StrictProfile, toStrictSchema } from '../decode/index.ts';
import { hasStrictBudget, overStrictBudget, strictToolCost } from '../decode/strict-budget.ts';
import { applyAllOrNothing } from '../middleware/request/apply-all-or-nothing.ts';
import { applyStrictBudget } from '../middleware/request/apply-strict-budget.ts';
import type { SentTool, StrictConversion, ToolRecord } from '../middleware/request/prepare-tool.ts';
import type { SchemaObject } from '../schema/map-subschemas.ts';
import {
  type AuditPlaceholder,
  type DroppedKeyword,
  type SchemaChange,
  type SentChanges,
  sentChanges,
} from './sent-changes.ts';

export type { AuditPlaceholder, DroppedKeyword, SchemaChange } from './sent-changes.ts';

/** A tool as the audit reads it: its name, where it came from, and its JSON Schema. */
export type AuditedTool = {
  readonly name: string;
  /** The file, module or MCP server the tool was read from. */
  readonly source: string;
  /** The tool's input JSON Schema; `undefined` for a provider-defined tool, whose schema the provider owns. */
  readonly inputSchema: unknown;
};

/**
 * Per-request limits a provider enforces across all strict tools of one request (Anthropic: 20
 * strict tools, 24 optional parameters, 16 parameters with a union), as its profile states them.
 */
export type RequestBudgets = Pick<
  StrictProfile,
  'maxStrictTools' | 'maxOptionalParameters' | 'maxUnionParameters'
>;

/** What one request spends of a profile's budget, for one tool or for all together. */
export type BudgetUse = {
  readonly strictTools: number;
  readonly optionalParameters: number;
  readonly unionParameters: number;
};

/** One tool under one profile. */
export type AuditRow = {
  readonly tool: string;
  readonly source: string;
  readonly profile: string;
  /**
   * `'strict'`: sent converted with `strict: true`; `'over-budget'`: sent converted, but without
   * `strict`, as the profile's per-request budget takes it (see `reason`); `'not-strict'`: a strict
   * profile, but this tool is sent as it was (see `reason`); `'unconverted'`: the profile sends
   * every schema as it is.
   */
  readonly outcome: 'strict' | 'over-budget' | 'not-strict' | 'unconverted';
  readonly reason?: string;
  /** The `null` placeholders added, by argument path, from the decode plan (recursion included). */
  readonly placeholders: readonly AuditPlaceholder[];
  readonly droppedKeywords: readonly DroppedKeyword[];
  /** Every change to the schema sent, each once, by argument path (`''`: the arguments object). */
  readonly changes: readonly SchemaChange[];
  /** `$ref`s inlined in the schema sent, and the ones kept for recursion. */
  readonly references: SentChanges['references'];
  /** What this tool spends of the request budget; only for a profile that has one. */
  readonly budget?: BudgetUse;
  readonly warnings: readonly string[];
};

/** The budget of one profile over all tools of the request. */
export type BudgetVerdict = {
  readonly profile: string;
  /** What the converted tools would spend together, were every one sent strict. */
  readonly used: BudgetUse;
  readonly limits: RequestBudgets;
  /** Sentences naming each limit passed. */
  readonly exceeded: readonly string[];
  /** The tools the gate sends without strict to keep the request within the limits, costliest first. */
  readonly withoutStrict: readonly string[];
  /** Whether passing a limit fails the audit (the profile was asked for, or `failOnBudget`). */
  readonly fails: boolean;
};

export type AuditReport = {
  readonly rows: readonly AuditRow[];
  readonly budgets: readonly BudgetVerdict[];
  /**
   * False when a tool cannot be sent strict under a strict profile, or when a budget that fails
   * (see {@link BudgetVerdict.fails}) is passed.
   */
  readonly ok: boolean;
};

/**
 * Runs each tool through {@link toStrictSchema} under each profile and says what the provider will
 * be sent: strict or not and why, every change to the schema sent, the request budget a profile
 * counts and the tools it leaves without strict, and what would fail. The gate's own provider
 * policies decide, in its order, as for one request that offers all these tools. Pure: reads
 * nothing, prints nothing.
 */
export function auditTools({
  tools,
  profiles,
  failOnBudget = false,
}: {
  tools: readonly AuditedTool[];
  profiles: readonly StrictProfile[];
  /**
   * Whether a per-request budget passed fails the audit. It depends on which tools share a
   * request, which an app may narrow (`activeTools`), and the gate keeps the request valid by
   * sending the costliest tools without strict; so it fails only where asked. Default `false`.
   */
  failOnBudget?: boolean;
}): AuditReport {
  const rows: AuditRow[] = [];
  const budgets: BudgetVerdict[] = [];
  let ok = true;
  for (const profile of profiles) {
    const converted = tools.map((tool) => toolRecord(tool, profile));
    const budgeted = applyStrictBudget(converted, profile).records;
    const sent = applyAllOrNothing(budgeted, profile).records;
    const refused = budgeted.filter((record) => record.conversion.kind === 'refused');
    if (refused.length > 0) ok = false;
    const context = { profile, refused: refused.map((record) => `"${record.offered.name}"`) };
    const profileRows = sent.map((record, index) =>
      auditRow(tools[index] as AuditedTool, record, context),
    );
    rows.push(...profileRows);
    if (!hasStrictBudget(profile)) continue;
    // The tools the budget leaves without strict, costliest first: the gate's own choice.
    const strict = converted.flatMap((record) =>
      record.conversion.kind === 'converted'
        ? [{ name: record.offered.name, schema: record.conversion.result.schema }]
        : [],
    );
    const withoutStrict = overStrictBudget(strict, profile);
    const verdict = judgeBudget(profile, profileRows, withoutStrict, failOnBudget);
    if (verdict.fails && verdict.exceeded.length > 0) ok = false;
    budgets.push(verdict);
  }
  return { rows, budgets, ok };
}

/** A tool as preparing a request records it, converted for the profile. */
function toolRecord({ name, inputSchema }: AuditedTool, profile: StrictProfile): ToolRecord {
  const tool: SentTool =
    inputSchema === undefined
      ? { type: 'provider', id: `provider.${name}`, name, args: {} }
      : { type: 'function', name, inputSchema: inputSchema as JSONSchema7 };
  const record = (conversion: StrictConversion): ToolRecord => ({
    requested: tool,
    offered: tool,
    judged: inputSchema,
    fixedValues: new Map(),
    tool: undefined,
    wrapped: false,
    conversion,
    sending: conversion.kind === 'converted' ? 'strict' : 'as-offered',
  });
  if (tool.type === 'provider') return record({ kind: 'not-tried', because: 'provider-defined' });
  if (!profile.strictTools) return record({ kind: 'not-tried', because: 'profile' });
  const result = toStrictSchema(inputSchema, { profile });
  return record(
    result.strict ? { kind: 'converted', result } : { kind: 'refused', reason: result.reason },
  );
}

/** What the audit says of one tool, as the request's policies left it. */
function auditRow(
  tool: AuditedTool,
  { conversion, sending }: ToolRecord,
  { profile, refused }: { profile: StrictProfile; refused: readonly string[] },
): AuditRow {
  const sent =
    conversion.kind === 'converted' && sending !== 'as-offered' ? conversion.result : undefined;
  const cost =
    sent !== undefined && hasStrictBudget(profile)
      ? strictToolCost(tool.name, sent.schema)
      : undefined;
  return {
    tool: tool.name,
    source: tool.source,
    profile: profile.name,
    ...outcomeOf({ conversion, sending }, { profile, refused }),
    ...(sent === undefined
      ? unchanged
      : sentChanges({
          source: tool.inputSchema as SchemaObject,
          sent: sent.schema,
          plan: sent.plan,
          notes: sent.notes,
        })),
    ...(cost === undefined
      ? {}
      : {
          budget: {
            strictTools: 1,
            optionalParameters: cost.optionalParameters,
            unionParameters: cost.unionParameters,
          },
        }),
    warnings:
      conversion.kind === 'refused'
        ? [`sent without strict: the ${profile.name} decoder does not enforce its schema`]
        : [],
  };
}

const unchanged: SentChanges = {
  placeholders: [],
  droppedKeywords: [],
  changes: [],
  references: { inlined: 0, kept: [] },
};

function outcomeOf(
  { conversion, sending }: Pick<ToolRecord, 'conversion' | 'sending'>,
  { profile, refused }: { profile: StrictProfile; refused: readonly string[] },
): Pick<AuditRow, 'outcome' | 'reason'> {
  switch (conversion.kind) {
    case 'not-tried':
      return {
        outcome: 'unconverted',
        reason:
          conversion.because === 'provider-defined'
            ? 'a provider-defined tool: the provider owns its schema'
            : `${profile.name} sends schemas as they are (calls are still checked)`,
      };
    case 'refused':
      return { outcome: 'not-strict', reason: conversion.reason };
  }
  switch (sending) {
    case 'strict':
      return { outcome: 'strict' };
    case 'converted':
      return {
        outcome: 'over-budget',
        reason: `over ${profile.name}'s per-request budget: sent as converted, without strict`,
      };
    case 'as-offered':
      // One request carries one strict value for every tool: one tool that cannot be strict takes
      // strict away from all the others.
      return {
        outcome: 'not-strict',
        reason: `${profile.name} needs one strict value for every tool of a request, and ${refused.join(', ')} cannot be strict`,
      };
  }
}

/** Each per-request budget: what a request uses of it, the profile field that limits it, its words. */
const requestBudgets = [
  { use: 'strictTools', limit: 'maxStrictTools', what: 'strict tools' },
  { use: 'optionalParameters', limit: 'maxOptionalParameters', what: 'optional parameters' },
  {
    use: 'unionParameters',
    limit: 'maxUnionParameters',
    what: 'parameters with a union (anyOf or a type list)',
  },
] as const;

function judgeBudget(
  profile: StrictProfile,
  rows: readonly AuditRow[],
  withoutStrict: readonly string[],
  fails: boolean,
): BudgetVerdict {
  const used = { strictTools: 0, optionalParameters: 0, unionParameters: 0 };
  const limits: { -readonly [key in keyof RequestBudgets]: number } = {};
  const exceeded: string[] = [];
  for (const { use, limit, what } of requestBudgets) {
    for (const row of rows) used[use] += row.budget?.[use] ?? 0;
    const most = profile[limit];
    if (most === undefined) continue;
    limits[limit] = most;
    if (used[use] > most) {
      exceeded.push(`${used[use]} ${what} in one request; ${profile.name} accepts at most ${most}`);
    }
  }
  return { profile: profile.name, used, limits, exceeded, withoutStrict, fails };
}
