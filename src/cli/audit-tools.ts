import { type StrictProfile, toStrictSchema } from '../decode/index.ts';
import { hasStrictBudget, overStrictBudget, strictToolCost } from '../decode/strict-budget.ts';
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
 * strict tools, 24 optional parameters, 16 parameters with a union). A profile that carries any of
 * these fields has its budget counted; one without them has none.
 */
export type RequestBudgets = {
  readonly maxStrictTools?: number;
  readonly maxOptionalParameters?: number;
  readonly maxUnionParameters?: number;
};

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

const noReferences: SentChanges['references'] = { inlined: 0, kept: [] };

/**
 * Runs each tool through {@link toStrictSchema} under each profile and says what the provider will
 * be sent: strict or not and why, every change to the schema sent, the request budget a profile
 * counts and the tools it leaves without strict, and what would fail. Pure: reads nothing, prints
 * nothing.
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
    const audited = tools.map((tool) => auditTool(tool, profile));
    const profileRows = audited.map(({ row }) => row);
    const blocking = profileRows.filter((row) => row.outcome === 'not-strict');
    if (blocking.length > 0) ok = false;
    if (!profile.mixedStrict && blocking.length > 0) {
      // One request carries one strict value for every tool: one tool that cannot be strict
      // takes strict away from all the others.
      const names = blocking.map((row) => `"${row.tool}"`).join(', ');
      for (const [index, row] of profileRows.entries()) {
        if (row.outcome !== 'strict') continue;
        profileRows[index] = {
          ...row,
          outcome: 'not-strict',
          reason: `${profile.name} needs one strict value for every tool of a request, and ${names} cannot be strict`,
          placeholders: [],
          droppedKeywords: [],
          changes: [],
          references: noReferences,
          budget: undefined,
        };
      }
    }
    const limits = budgetsOf(profile);
    if (limits !== undefined && hasStrictBudget(profile)) {
      const strictTools = audited.flatMap(({ row, sent }, index) =>
        profileRows[index]?.outcome === 'strict' && sent !== undefined
          ? [{ name: row.tool, schema: sent }]
          : [],
      );
      // The same choice the gate makes for each request that offers all these tools.
      const withoutStrict = overStrictBudget(strictTools, profile);
      for (const [index, row] of profileRows.entries()) {
        if (row.outcome !== 'strict' || !withoutStrict.includes(row.tool)) continue;
        profileRows[index] = {
          ...row,
          outcome: 'over-budget',
          reason: `over ${profile.name}'s per-request budget: sent as converted, without strict`,
        };
      }
      const verdict = judgeBudget(profile.name, profileRows, limits, withoutStrict, failOnBudget);
      if (verdict.fails && verdict.exceeded.length > 0) ok = false;
      budgets.push(verdict);
    }
    rows.push(...profileRows);
  }
  return { rows, budgets, ok };
}

function auditTool(
  tool: AuditedTool,
  profile: StrictProfile,
): { row: AuditRow; sent: SchemaObject | undefined } {
  const unsent = (outcome: 'unconverted' | 'not-strict', reason: string): AuditRow => ({
    tool: tool.name,
    source: tool.source,
    profile: profile.name,
    outcome,
    reason,
    placeholders: [],
    droppedKeywords: [],
    changes: [],
    references: noReferences,
    warnings:
      outcome === 'not-strict'
        ? [`sent without strict: the ${profile.name} decoder does not enforce its schema`]
        : [],
  });
  if (tool.inputSchema === undefined) {
    return {
      row: unsent('unconverted', 'a provider-defined tool: the provider owns its schema'),
      sent: undefined,
    };
  }
  if (!profile.strictTools) {
    const reason = `${profile.name} sends schemas as they are (calls are still checked)`;
    return { row: unsent('unconverted', reason), sent: undefined };
  }
  const result = toStrictSchema(tool.inputSchema, { profile });
  if (!result.strict) return { row: unsent('not-strict', result.reason), sent: undefined };
  const { placeholders, droppedKeywords, changes, references } = sentChanges({
    source: tool.inputSchema as SchemaObject,
    sent: result.schema,
    plan: result.plan,
    notes: result.notes,
  });
  const cost = hasStrictBudget(profile) ? strictToolCost(tool.name, result.schema) : undefined;
  const row: AuditRow = {
    tool: tool.name,
    source: tool.source,
    profile: profile.name,
    outcome: 'strict',
    placeholders,
    droppedKeywords,
    changes,
    references,
    ...(cost !== undefined
      ? {
          budget: {
            strictTools: 1,
            optionalParameters: cost.optionalParameters,
            unionParameters: cost.unionParameters,
          },
        }
      : {}),
    warnings: [],
  };
  return { row, sent: result.schema };
}

/** The request budgets a profile declares, or `undefined` when it declares none. */
export function budgetsOf(profile: StrictProfile): RequestBudgets | undefined {
  const limits: { -readonly [K in keyof RequestBudgets]: number } = {};
  for (const key of ['maxStrictTools', 'maxOptionalParameters', 'maxUnionParameters'] as const) {
    const limit = profile[key];
    if (typeof limit === 'number') limits[key] = limit;
  }
  return Object.keys(limits).length > 0 ? limits : undefined;
}

function judgeBudget(
  profile: string,
  rows: readonly AuditRow[],
  limits: RequestBudgets,
  withoutStrict: readonly string[],
  fails: boolean,
): BudgetVerdict {
  const used = { strictTools: 0, optionalParameters: 0, unionParameters: 0 };
  for (const row of rows) {
    if (row.budget === undefined) continue;
    used.strictTools += row.budget.strictTools;
    used.optionalParameters += row.budget.optionalParameters;
    used.unionParameters += row.budget.unionParameters;
  }
  const exceeded: string[] = [];
  const over = (count: number, limit: number | undefined, what: string) => {
    if (limit !== undefined && count > limit) {
      exceeded.push(`${count} ${what} in one request; ${profile} accepts at most ${limit}`);
    }
  };
  over(used.strictTools, limits.maxStrictTools, 'strict tools');
  over(used.optionalParameters, limits.maxOptionalParameters, 'optional parameters');
  over(
    used.unionParameters,
    limits.maxUnionParameters,
    'parameters with a union (anyOf or a type list)',
  );
  return { profile, used, limits, exceeded, withoutStrict, fails };
}
