import type { AuditReport, AuditRow, BudgetVerdict, SchemaChange } from './audit-tools.ts';

const outcomeLabels: Record<AuditRow['outcome'], string> = {
  strict: 'strict',
  'over-budget': 'over budget',
  'not-strict': 'NOT STRICT',
  unconverted: 'as is',
};

/**
 * The report as text: first a summary, per profile one line per tool (outcome, tool, what changed
 * in counts or why not) and the request budget with the tools it leaves without strict; with
 * `details`, then every change by tool and argument path, profiles that send the same schema
 * listed together; last, the verdict.
 */
export function formatAudit(
  report: AuditReport,
  { details = false }: { details?: boolean } = {},
): string {
  const lines: string[] = [];
  const profiles = [...new Set(report.rows.map((row) => row.profile))];
  const showSource = new Set(report.rows.map((row) => row.source)).size > 1;
  const nameWidth = Math.max(4, ...report.rows.map((row) => label(row, showSource).length));
  for (const profile of profiles) {
    lines.push(profile);
    for (const row of report.rows.filter((candidate) => candidate.profile === profile)) {
      const outcome = outcomeLabels[row.outcome].padEnd(11);
      lines.push(`  ${outcome}  ${label(row, showSource).padEnd(nameWidth)}  ${summary(row)}`);
    }
    const budget = report.budgets.find((verdict) => verdict.profile === profile);
    if (budget !== undefined) lines.push(...formatBudget(budget));
    lines.push('');
  }
  const changed = report.rows.some((row) => row.changes.length > 0 || row.warnings.length > 0);
  if (details) lines.push(...formatDetails(report, showSource));
  else if (changed) lines.push('Add --details for every change by argument path.', '');
  lines.push(...verdict(report));
  return lines.join('\n');
}

function label(row: AuditRow, showSource: boolean): string {
  return showSource ? `${row.tool} (${row.source})` : row.tool;
}

const kindNouns: Record<SchemaChange['kind'], [string, string] | undefined> = {
  placeholder: ['placeholder', 'placeholders'],
  required: ['made required', 'made required'],
  closed: ['object closed', 'objects closed'],
  default: ['default left out', 'defaults left out'],
  form: ['part in another form', 'parts in another form'],
  dropped: undefined,
  references: undefined,
};

function summary(row: AuditRow): string {
  if (row.outcome === 'not-strict' || row.outcome === 'unconverted') return row.reason ?? '';
  const parts: string[] = [];
  for (const [kind, nouns] of Object.entries(kindNouns)) {
    if (nouns === undefined) continue;
    // The arguments object closed is every strict tool's lot (and @ai-sdk/mcp closes it anyway).
    const count = row.changes.filter(
      (change) => change.kind === kind && !(kind === 'closed' && change.path === ''),
    ).length;
    if (count > 0) parts.push(`${count} ${count === 1 ? nouns[0] : nouns[1]}`);
  }
  if (row.droppedKeywords.length > 0) {
    const keywords = [...new Set(row.droppedKeywords.map((dropped) => dropped.keyword))];
    parts.push(`dropped: ${keywords.join(', ')}`);
  }
  const { inlined, kept } = row.references;
  if (inlined > 0) parts.push(`${inlined} $ref${inlined === 1 ? '' : 's'} inlined`);
  if (kept.length > 0) parts.push(`recursion kept: ${kept.length}`);
  if (parts.length === 0) {
    // Only what the summary leaves out: said, so that "unchanged" is never said of a change.
    if (row.changes.some((change) => change.kind === 'closed')) parts.push('arguments closed');
    if (row.changes.some((change) => change.kind === 'references')) parts.push('$defs left out');
  }
  const changes = parts.length > 0 ? parts.join(', ') : 'unchanged';
  return row.outcome === 'over-budget' ? `sent without strict; ${changes}` : changes;
}

function formatBudget(verdict: BudgetVerdict): string[] {
  const { used, limits } = verdict;
  const of = (count: number, limit: number | undefined) =>
    limit === undefined ? `${count}` : `${count}/${limit}`;
  const lines = [
    `  request budget: ${of(used.strictTools, limits.maxStrictTools)} strict tools, ${of(used.optionalParameters, limits.maxOptionalParameters)} optional parameters, ${of(used.unionParameters, limits.maxUnionParameters)} union parameters`,
  ];
  if (verdict.withoutStrict.length > 0) {
    const names = verdict.withoutStrict.join(', ');
    lines.push(
      `  ! ${verdict.withoutStrict.length} sent without strict when all are offered together (costliest first): ${names}`,
    );
  }
  return lines;
}

/** Every change, by tool; the profiles that change a tool the same way share one block. */
function formatDetails(report: AuditReport, showSource: boolean): string[] {
  const lines: string[] = [];
  const tools = [
    ...new Map(report.rows.map((row) => [`${row.source}\0${row.tool}`, row])).values(),
  ];
  for (const tool of tools) {
    const rows = report.rows.filter((row) => row.tool === tool.tool && row.source === tool.source);
    const blocks = new Map<string, string[]>();
    for (const row of rows) {
      const text = detailLines(row).join('\n');
      if (text === '') continue;
      blocks.set(text, [...(blocks.get(text) ?? []), row.profile]);
    }
    if (blocks.size === 0) continue;
    lines.push(label(tool, showSource));
    for (const [text, profiles] of blocks) {
      lines.push(`  ${profiles.join(', ')}:`);
      for (const line of text.split('\n')) lines.push(`    ${line}`);
    }
    lines.push('');
  }
  return lines;
}

/** One line per argument path with every change made there, each once; then the warnings. */
function detailLines(row: AuditRow): string[] {
  const byPath = new Map<string, string[]>();
  for (const change of row.changes) {
    const facts = byPath.get(change.path) ?? [];
    if (!facts.includes(change.text)) facts.push(change.text);
    byPath.set(change.path, facts);
  }
  const lines = [...byPath]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, facts]) => `${path === '' ? '(arguments)' : path}: ${facts.join('; ')}`);
  for (const warning of row.warnings) lines.push(`! ${warning}`);
  return lines;
}

function verdict(report: AuditReport): string[] {
  const profiles = [...new Set(report.rows.map((row) => row.profile))];
  const blocked = profiles.flatMap((profile) => {
    const count = report.rows.filter(
      (row) => row.profile === profile && row.outcome === 'not-strict',
    ).length;
    return count > 0 ? [`${count} under ${profile}`] : [];
  });
  const failing = report.budgets.filter((budget) => budget.fails && budget.exceeded.length > 0);
  const reported = report.budgets.filter((budget) => !budget.fails && budget.exceeded.length > 0);
  const lines: string[] = [];
  if (report.ok) {
    lines.push('Every tool can be sent as each profile needs.');
  } else {
    const problems = [
      ...(blocked.length > 0 ? [`tools that cannot be sent strict: ${blocked.join(', ')}`] : []),
      ...(failing.length > 0
        ? [`request budget exceeded under ${failing.map((budget) => budget.profile).join(', ')}`]
        : []),
    ];
    lines.push(`Audit failed: ${problems.join('; ')}.`);
  }
  if (reported.length > 0) {
    lines.push(
      `Not counted against the audit: the request budget of ${reported.map((budget) => budget.profile).join(', ')}, passed when all these tools are offered together (name the profile with --provider, or add --fail-on-budget, to count it).`,
    );
  }
  return lines;
}
