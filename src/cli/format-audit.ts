import type { AuditReport, AuditRow, BudgetVerdict } from './audit-tools.ts';

const outcomeLabels: Record<AuditRow['outcome'], string> = {
  strict: 'strict',
  'not-strict': 'NOT STRICT',
  unconverted: 'as is',
};

/**
 * The report as text: per profile, one row per tool (outcome, tool, what changed or why not),
 * detail lines under a row for dropped keywords, notes and warnings, then the request budget.
 */
export function formatAudit(report: AuditReport): string {
  const lines: string[] = [];
  const profiles = [...new Set(report.rows.map((row) => row.profile))];
  const showSource = new Set(report.rows.map((row) => row.source)).size > 1;
  const nameWidth = Math.max(4, ...report.rows.map((row) => label(row, showSource).length));
  for (const profile of profiles) {
    lines.push(profile);
    for (const row of report.rows.filter((candidate) => candidate.profile === profile)) {
      const outcome = outcomeLabels[row.outcome].padEnd(10);
      lines.push(`  ${outcome}  ${label(row, showSource).padEnd(nameWidth)}  ${summary(row)}`);
      for (const detail of details(row)) lines.push(`  ${' '.repeat(10)}  ${detail}`);
    }
    const budget = report.budgets.find((verdict) => verdict.profile === profile);
    if (budget !== undefined) lines.push(...formatBudget(budget));
    lines.push('');
  }
  const blocked = profiles.flatMap((profile) => {
    const count = report.rows.filter(
      (row) => row.profile === profile && row.outcome === 'not-strict',
    ).length;
    return count > 0 ? [`${count} under ${profile}`] : [];
  });
  const exceeded = report.budgets.reduce((count, verdict) => count + verdict.exceeded.length, 0);
  if (report.ok) {
    lines.push('Every tool can be sent as each profile needs.');
  } else {
    const problems = [
      ...(blocked.length > 0 ? [`tools that cannot be sent strict: ${blocked.join(', ')}`] : []),
      ...(exceeded > 0 ? [`${plural(exceeded, 'request budget')} exceeded`] : []),
    ];
    lines.push(`Audit failed: ${problems.join('; ')}.`);
  }
  return lines.join('\n');
}

function label(row: AuditRow, showSource: boolean): string {
  return showSource ? `${row.tool} (${row.source})` : row.tool;
}

function summary(row: AuditRow): string {
  if (row.outcome !== 'strict') return row.reason ?? '';
  const parts: string[] = [];
  if (row.placeholders.length > 0) {
    const listed = row.placeholders.map((placeholder) =>
      placeholder.decodesTo === 'default'
        ? `${placeholder.path} → ${JSON.stringify(placeholder.value)}`
        : `${placeholder.path} → left out`,
    );
    parts.push(`null placeholders: ${listed.join(', ')}`);
  }
  if (row.droppedKeywords.length > 0) {
    const keywords = [...new Set(row.droppedKeywords.map((dropped) => dropped.keyword))];
    parts.push(`dropped: ${keywords.join(', ')}`);
  }
  if (row.refsInlined > 0) parts.push(`${plural(row.refsInlined, '$ref')} inlined`);
  if (row.budget !== undefined) {
    parts.push(
      `budget: ${row.budget.optionalParameters} optional, ${row.budget.unionParameters} union`,
    );
  }
  return parts.length > 0 ? parts.join('; ') : 'unchanged';
}

function details(row: AuditRow): string[] {
  const lines: string[] = [];
  const hinted = new Set<string>();
  for (const dropped of row.droppedKeywords) {
    const at = dropped.pointer.slice(0, dropped.pointer.lastIndexOf('/')) || '/';
    const hint =
      dropped.hint !== undefined && !hinted.has(at)
        ? `; description now ends "${dropped.hint}"`
        : '';
    if (dropped.hint !== undefined) hinted.add(at);
    lines.push(`- "${dropped.keyword}" left out at ${at}${hint}`);
  }
  for (const note of row.notes) lines.push(`- ${note.message}`);
  for (const warning of row.warnings) lines.push(`! ${warning}`);
  return lines;
}

function formatBudget(verdict: BudgetVerdict): string[] {
  const { used, limits } = verdict;
  const of = (count: number, limit: number | undefined) =>
    limit === undefined ? `${count}` : `${count}/${limit}`;
  const lines = [
    `  request budget: ${of(used.strictTools, limits.maxStrictTools)} strict tools, ${of(used.optionalParameters, limits.maxOptionalParameters)} optional parameters, ${of(used.unionParameters, limits.maxUnionParameters)} union parameters`,
  ];
  for (const sentence of verdict.exceeded) lines.push(`  ! ${sentence}`);
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
