import { asSchema, type FlexibleSchema, type ToolSet } from 'ai';

/**
 * Reads every value of every tool's JSON Schema once, only counting them (a count the caller
 * checks, so the walk cannot be left out): the least a gate must do with tools rebuilt every
 * turn, since it can only tell that a schema's content is one it has prepared before by reading
 * that content. The `read` arm of `gate.bench.ts` adds this to an ungated turn, to show how much
 * of a goal that floor takes up.
 */
export function readSchemas(tools: ToolSet): number {
  let values = 0;
  for (const name of Object.keys(tools)) {
    const tool = tools[name] as ToolSet[string];
    values += countValues(asSchema(tool.inputSchema as FlexibleSchema<unknown>).jsonSchema);
  }
  return values;
}

function countValues(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  let values = 1;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) values += countValues(value[index]);
    return values;
  }
  for (const key in value) values += countValues((value as Record<string, unknown>)[key]);
  return values;
}
