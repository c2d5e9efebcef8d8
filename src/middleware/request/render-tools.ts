import type { StrictProfile } from '../../decode/provider-profiles.ts';
import { stripKeywords } from '../../decode/strip-keywords.ts';
import type { SentTool, ToolRecord } from './prepare-tool.ts';

/**
 * How one offered tool is sent: as it is (`undefined`), or with another schema and `strict` set
 * (`true`), left out (`false`: the gate sends it without strict mode) or as offered (`undefined`).
 */
export type Sending =
  | { readonly inputSchema: unknown; readonly strict: boolean | undefined }
  | undefined;

/** How each tool of the records is sent, by its place in the request. */
export function sendingOf(records: readonly ToolRecord[], profile: StrictProfile): Sending[] {
  return records.map((record) => sendingOne(record, profile));
}

function sendingOne(
  { requested, offered, conversion, sending }: ToolRecord,
  profile: StrictProfile,
): Sending {
  if (sending !== 'as-offered' && conversion.kind === 'converted') {
    return { inputSchema: conversion.result.schema, strict: sending === 'strict' };
  }
  const sent = withoutStrippedKeywords(offered, profile);
  if (sent.type !== 'function') return undefined;
  // Sent without strict mode by the gate's choice (a warning says so): the app's own
  // `strict: true` is left out too.
  const leftOut =
    sent.strict === true && (conversion.kind === 'converted' || conversion.kind === 'refused');
  return sent === requested && !leftOut
    ? undefined
    : { inputSchema: sent.inputSchema, strict: leftOut ? false : undefined };
}

/** Keywords the provider fails on (Mistral: `$schema`, `$id`) leave even a non-strict tool. */
function withoutStrippedKeywords(tool: SentTool, profile: StrictProfile): SentTool {
  if (tool.type !== 'function' || profile.stripKeywords === undefined) return tool;
  const inputSchema = stripKeywords(tool.inputSchema, { keywords: profile.stripKeywords });
  return inputSchema === tool.inputSchema
    ? tool
    : { ...tool, inputSchema: inputSchema as typeof tool.inputSchema };
}
