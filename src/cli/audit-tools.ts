import {
  type DecodePlan,
  type StrictProfile,
  type StrictSchemaNote,
  toStrictSchema,
} from '../decode/index.ts';

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

/** A `null` placeholder the conversion added, by argument path, with what its `null` decodes to. */
export type AuditPlaceholder = {
  readonly path: string;
  readonly decodesTo: 'omission' | 'default';
  readonly value?: unknown;
};

/** A keyword the profile does not accept, left out of the schema sent, with the hint that replaces it. */
export type DroppedKeyword = {
  readonly pointer: string;
  readonly keyword: string;
  /** The text appended to the description in its place, when there is one. */
  readonly hint?: string;
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
   * `'strict'`: sent converted with `strict: true`; `'not-strict'`: a strict profile, but this tool
   * is sent as it was (see `reason`); `'unconverted'`: the profile sends every schema as it is.
   */
  readonly outcome: 'strict' | 'not-strict' | 'unconverted';
  readonly reason?: string;
  readonly placeholders: readonly AuditPlaceholder[];
  readonly droppedKeywords: readonly DroppedKeyword[];
  /** How many `$ref`s the original schema has; a strict schema has them all inlined. */
  readonly refsInlined: number;
  /** The conversion's other notes (defaults that do not apply, …). */
  readonly notes: readonly StrictSchemaNote[];
  /** What this tool spends of the request budget; only for a profile that has one. */
  readonly budget?: BudgetUse;
  readonly warnings: readonly string[];
};

/** The budget of one profile over all tools of the request. */
export type BudgetVerdict = {
  readonly profile: string;
  readonly used: BudgetUse;
  readonly limits: RequestBudgets;
  /** Sentences naming each limit passed. */
  readonly exceeded: readonly string[];
};

export type AuditReport = {
  readonly rows: readonly AuditRow[];
  readonly budgets: readonly BudgetVerdict[];
  /** False when a tool cannot be sent strictly under a strict profile, or a budget is exceeded. */
  readonly ok: boolean;
};

// Notes are sentences without a code; the one for a dropped keyword starts with the keyword's name.
const droppedNote = /^"([^"]+)" is not accepted in /;

/**
 * Runs each tool through {@link toStrictSchema} under each profile and says what the provider will
 * be sent: strict or not and why, the placeholders and dropped keywords, the request budget a
 * profile counts, and what would fail the request. Pure: reads nothing, prints nothing.
 */
export function auditTools({
  tools,
  profiles,
}: {
  tools: readonly AuditedTool[];
  profiles: readonly StrictProfile[];
}): AuditReport {
  const rows: AuditRow[] = [];
  const budgets: BudgetVerdict[] = [];
  let ok = true;
  for (const profile of profiles) {
    const profileRows = tools.map((tool) => auditTool(tool, profile));
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
          refsInlined: 0,
          notes: [],
          budget: undefined,
        };
      }
    }
    rows.push(...profileRows);
    const limits = budgetsOf(profile);
    if (limits !== undefined) {
      const verdict = judgeBudget(profile.name, profileRows, limits);
      if (verdict.exceeded.length > 0) ok = false;
      budgets.push(verdict);
    }
  }
  return { rows, budgets, ok };
}

function auditTool(tool: AuditedTool, profile: StrictProfile): AuditRow {
  const base = { tool: tool.name, source: tool.source, profile: profile.name };
  if (tool.inputSchema === undefined) {
    return {
      ...base,
      outcome: 'unconverted',
      reason: 'a provider-defined tool: the provider owns its schema',
      placeholders: [],
      droppedKeywords: [],
      refsInlined: 0,
      notes: [],
      warnings: [],
    };
  }
  const refs = countRefs(tool.inputSchema);
  if (!profile.strictTools) {
    return {
      ...base,
      outcome: 'unconverted',
      reason: `${profile.name} sends schemas as they are (calls are still checked)`,
      placeholders: [],
      droppedKeywords: [],
      refsInlined: 0,
      notes: [],
      warnings: [],
    };
  }
  const result = toStrictSchema(tool.inputSchema, { profile });
  const droppedKeywords: DroppedKeyword[] = [];
  const notes: StrictSchemaNote[] = [];
  for (const note of result.notes) {
    const keyword = droppedNote.exec(note.message)?.[1];
    if (keyword === undefined) {
      notes.push(note);
      continue;
    }
    const hint = result.strict
      ? hintFor(tool.inputSchema, result.schema, parentPointer(note.pointer))
      : undefined;
    droppedKeywords.push({
      pointer: note.pointer,
      keyword,
      ...(hint !== undefined ? { hint } : {}),
    });
  }
  const limits = budgetsOf(profile);
  return {
    ...base,
    outcome: result.strict ? 'strict' : 'not-strict',
    ...(result.strict ? {} : { reason: result.reason }),
    placeholders: result.strict ? placeholdersOf(result.plan) : [],
    droppedKeywords: result.strict ? droppedKeywords : [],
    refsInlined: result.strict ? refs : 0,
    notes: result.strict ? notes : [],
    ...(limits !== undefined && result.strict ? { budget: budgetUseOf(result.schema) } : {}),
    warnings: result.strict
      ? []
      : [`sent without strict: the ${profile.name} decoder does not enforce its schema`],
  };
}

/** The request budgets a profile declares, or `undefined` when it declares none. */
export function budgetsOf(profile: StrictProfile): RequestBudgets | undefined {
  const declared = profile as StrictProfile & RequestBudgets;
  const limits: { -readonly [K in keyof RequestBudgets]: number } = {};
  for (const key of ['maxStrictTools', 'maxOptionalParameters', 'maxUnionParameters'] as const) {
    const limit = declared[key];
    if (typeof limit === 'number') limits[key] = limit;
  }
  return Object.keys(limits).length > 0 ? limits : undefined;
}

function judgeBudget(
  profile: string,
  rows: readonly AuditRow[],
  limits: RequestBudgets,
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
  return { profile, used, limits, exceeded };
}

/** Keywords under which a strict schema sent holds subschemas (after `$ref`s were inlined). */
const subschemaKeywords = [
  'properties',
  'items',
  'anyOf',
  'additionalProperties',
  '$defs',
] as const;

/**
 * Counts what the schema sent spends of a request budget: properties not in their object's
 * `required`, and subschemas below the root with `anyOf` or a list of types, all levels together.
 */
function budgetUseOf(schema: unknown): BudgetUse {
  let optionalParameters = 0;
  let unionParameters = 0;
  const visit = (node: unknown, depth: number): void => {
    if (depth > 64 || typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const record = node as Record<string, unknown>;
    if (depth > 0 && (Array.isArray(record.anyOf) || Array.isArray(record.type))) {
      unionParameters += 1;
    }
    const required = new Set(Array.isArray(record.required) ? record.required : []);
    for (const keyword of subschemaKeywords) {
      const value = record[keyword];
      if (typeof value !== 'object' || value === null) continue;
      if (keyword === 'items' || keyword === 'additionalProperties') {
        visit(value, depth + 1);
      } else if (Array.isArray(value)) {
        for (const branch of value) visit(branch, depth + 1);
      } else {
        for (const [name, child] of Object.entries(value)) {
          if (keyword === 'properties' && !required.has(name)) optionalParameters += 1;
          visit(child, depth + 1);
        }
      }
    }
  };
  visit(schema, 0);
  return { strictTools: 1, optionalParameters, unionParameters };
}

/** Argument paths of every placeholder in a plan (`unit`, `filters.limit`, `events[].when`). */
function placeholdersOf(plan: DecodePlan, prefix = ''): AuditPlaceholder[] {
  const found: AuditPlaceholder[] = [];
  const seen = new Set<string>();
  const add = (placeholder: AuditPlaceholder) => {
    if (seen.has(placeholder.path)) return;
    seen.add(placeholder.path);
    found.push(placeholder);
  };
  const join = (name: string) => (prefix === '' ? name : `${prefix}.${name}`);
  for (const [name, placeholder] of plan.placeholders ?? []) {
    add(
      placeholder.decodeTo === 'default'
        ? { path: join(name), decodesTo: 'default', value: placeholder.value }
        : { path: join(name), decodesTo: 'omission' },
    );
  }
  for (const [name, nested] of plan.properties ?? []) {
    for (const placeholder of placeholdersOf(nested, join(name))) add(placeholder);
  }
  if (plan.items !== undefined) {
    for (const placeholder of placeholdersOf(plan.items, `${prefix}[]`)) add(placeholder);
  }
  for (const variant of plan.variants ?? []) {
    for (const placeholder of placeholdersOf(variant.plan, prefix)) add(placeholder);
  }
  return found;
}

function countRefs(schema: unknown): number {
  let count = 0;
  const visit = (node: unknown, depth: number): void => {
    if (depth > 64 || typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') count += 1;
      else visit(value, depth + 1);
    }
  };
  visit(schema, 0);
  return count;
}

function parentPointer(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}

function nodeAt(schema: unknown, pointer: string): unknown {
  let node = schema;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The text the conversion appended to a node's description, found by comparing both schemas. */
function hintFor(original: unknown, sent: unknown, pointer: string): string | undefined {
  const after = descriptionOf(nodeAt(sent, pointer));
  if (after === undefined) return undefined;
  const before = descriptionOf(nodeAt(original, pointer)) ?? '';
  if (after === before || !after.startsWith(before)) return undefined;
  return after.slice(before.length).trim();
}

function descriptionOf(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const description = (node as Record<string, unknown>).description;
  return typeof description === 'string' ? description : undefined;
}
