import { asSchema, type FlexibleSchema, type ToolSet } from 'ai';

/**
 * The least a gate must do to recognize rebuilt schemas exactly: keep a copy of each tool's JSON
 * Schema content (by tool name) and compare every new schema with it, value by value. Where
 * `read-schemas.ts` reads the new schemas alone, this also reads what was kept, old data by the
 * next turn, as any exact comparison must. No hashing, no text built, no checks of prototypes or
 * getters: a floor for the `compare` arm of `gate.bench.ts`, not a safe comparison.
 *
 * The returned function compares a tool set with the copies kept from the sets before, keeps a
 * copy of each schema it has none of or that differs, and returns how many schemas were equal
 * (a count the caller checks, so the comparison cannot be left out).
 */
export function schemaComparer(): (tools: ToolSet) => number {
  const kept = new Map<string, unknown>();
  return (tools) => {
    let equal = 0;
    for (const name of Object.keys(tools)) {
      const tool = tools[name] as ToolSet[string];
      const content = asSchema(tool.inputSchema as FlexibleSchema<unknown>).jsonSchema;
      const before = kept.get(name);
      if (before !== undefined && isEqual(content, before)) equal++;
      else kept.set(name, structuredClone(content));
    }
    return equal;
  };
}

function isEqual(value: unknown, kept: unknown): boolean {
  if (typeof value !== 'object' || value === null) return value === kept;
  if (typeof kept !== 'object' || kept === null) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(kept) || value.length !== kept.length) return false;
    for (let index = 0; index < value.length; index++) {
      if (!isEqual(value[index], kept[index])) return false;
    }
    return true;
  }
  if (Array.isArray(kept)) return false;
  let keys = 0;
  for (const key in value) {
    if (!isEqual((value as Record<string, unknown>)[key], (kept as Record<string, unknown>)[key])) {
      return false;
    }
    keys++;
  }
  for (const _ in kept) keys--;
  return keys === 0;
}
