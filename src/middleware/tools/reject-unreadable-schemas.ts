import type { Tool, ToolSet } from 'ai';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import { isReadableSchema, UnreadableSchemaError } from './unreadable-schema-error.ts';

/** The AI SDK's mark on a schema made by `jsonSchema()` (or `zodSchema()`, …). */
export const schemaSymbol = Symbol.for('vercel.ai.schema');

/**
 * Throws an {@link UnreadableSchemaError} naming the first tool whose schema, given as a JSON
 * Schema (`jsonSchema(…)`), is no JSON Schema at all (`null`, a number, a list), so the mistake
 * is reported where the tools are wrapped instead of every call being judged against nothing.
 * Only schemas already made by the SDK are read (its `jsonSchema` getter keeps what it returns,
 * so the gate reads the same content later at no cost); one given lazily, a zod or Standard
 * Schema, or a tool behind a getter is checked when a request first reads its schema.
 *
 * For example, `rejectUnreadableSchemas({ search: tool({ inputSchema: jsonSchema(null as never) }) })`
 * throws `UnreadableSchemaError`: the input schema of tool "search" is null, ….
 */
export function rejectUnreadableSchemas(tools: ToolSet): void {
  for (const name of Object.keys(tools)) {
    // A tool behind a getter is left to the request: wrapTools reads each tool of a set once.
    const tool = Object.getOwnPropertyDescriptor(tools, name)?.value as Tool | undefined;
    const schema = tool?.inputSchema as { [schemaSymbol]?: unknown; jsonSchema?: unknown };
    if (schema?.[schemaSymbol] !== true) continue;
    let content: unknown;
    try {
      content = schema.jsonSchema;
    } catch {
      // A schema that throws fails the request that reads it, as it would without the gate.
      continue;
    }
    if (!isPromiseLike(content) && !isReadableSchema(content)) {
      throw new UnreadableSchemaError({ toolName: name, schema: content });
    }
  }
}
