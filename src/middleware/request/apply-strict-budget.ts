import type { StrictProfile } from '../../decode/provider-profiles.ts';
import { hasStrictBudget, overStrictBudget } from '../../decode/strict-budget.ts';
import type { PolicyResult, ToolRecord } from './prepare-tool.ts';

/**
 * Keeps one request within the profile's per-request strict budgets (Anthropic, Bedrock): the
 * costliest strict tools go without strict mode, their schema still as converted. Returns the
 * records unchanged (the same array) when every budget holds or the profile has none.
 */
export function applyStrictBudget(
  records: readonly ToolRecord[],
  profile: StrictProfile,
): PolicyResult {
  if (!hasStrictBudget(profile)) return { records, warnings: [] };
  const strictTools = records.flatMap((record) =>
    record.sending === 'strict' && record.conversion.kind === 'converted'
      ? [{ name: record.offered.name, schema: record.conversion.result.schema }]
      : [],
  );
  const demoted = new Set(overStrictBudget(strictTools, profile));
  if (demoted.size === 0) return { records, warnings: [] };
  return {
    records: records.map((record) =>
      record.sending === 'strict' && demoted.has(record.offered.name)
        ? { ...record, sending: 'converted' }
        : record,
    ),
    warnings: [
      {
        type: 'other',
        message: `toolgate: ${profile.name} takes fewer strict tools, optional or union-typed parameters in one request, so ${[...demoted].map((name) => `"${name}"`).join(', ')} ${demoted.size === 1 ? 'is' : 'are'} sent without strict mode.`,
      },
    ],
  };
}
