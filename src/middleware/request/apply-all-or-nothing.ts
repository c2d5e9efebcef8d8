import type { StrictProfile } from '../../decode/provider-profiles.ts';
import type { PolicyResult, ToolRecord } from './prepare-tool.ts';

/**
 * For a profile that refuses a request whose tools mix strict values (Cerebras, DeepSeek): when
 * any tool goes without strict mode, every tool is sent as offered, without strict mode. Returns
 * the records unchanged (the same array) when the request may be sent as it is.
 */
export function applyAllOrNothing(
  records: readonly ToolRecord[],
  profile: StrictProfile,
): PolicyResult {
  if (profile.mixedStrict || !records.some(isSentWithoutStrict)) return { records, warnings: [] };
  return {
    records: records.map((record) =>
      record.sending === 'as-offered' ? record : { ...record, sending: 'as-offered' },
    ),
    warnings: [
      {
        type: 'other',
        message: `toolgate: ${profile.name} does not accept strict and non-strict tools together, so no tool is sent strict.`,
      },
    ],
  };
}

/**
 * Whether a function tool goes without strict mode at a provider that takes strict tools: its
 * schema cannot be strict, a budget left it out, or the app keeps it non-strict.
 */
function isSentWithoutStrict({ conversion, sending }: ToolRecord): boolean {
  return (
    conversion.kind === 'refused' ||
    (conversion.kind === 'not-tried' && conversion.because === 'app') ||
    (conversion.kind === 'converted' && sending !== 'strict')
  );
}
