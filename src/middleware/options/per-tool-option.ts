/**
 * One tool's entry of a per-tool option (`defaults`, `overrides`), read as an own property only:
 * a tool named like a member of `Object.prototype` (`constructor`, `toString`) or a polluted
 * prototype never supplies an entry the app did not set.
 */
export function perToolOption<ENTRY>(
  table: Readonly<Record<string, ENTRY | undefined>> | undefined,
  toolName: string,
): ENTRY | undefined {
  return table !== undefined && Object.hasOwn(table, toolName) ? table[toolName] : undefined;
}
