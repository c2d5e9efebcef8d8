import type { Schema } from 'ai';
import { contentKeyOf } from '../../schema/content-key.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import { LastContentByName } from '../../schema/last-content-by-name.ts';
import { keptInputSchema, type SchemaWiring } from './gate-input-schema.ts';

/** Most tool names whose wrapped schema a gate keeps. */
const maxNames = 1000;
/**
 * Most characters of content (as JSON text) kept, all names together: each kept schema holds its
 * content three times (the copy it is built from, the copy the gate judges by, and its snapshot),
 * so a bound on names alone would let a tool source of 1,000 large schemas keep hundreds of
 * megabytes.
 */
const maxTotalContentLength = 2_000_000;
/**
 * Schemas longer than this as JSON text are wrapped anew every time, never kept. Half the total,
 * so one schema cannot push every other name out; below it, the larger a schema the more wrapping
 * it anew would cost (a private copy, a content key and a lookup per request).
 */
const maxContentLength = maxTotalContentLength / 2;

/**
 * Wrapped input schemas a gate hands out again, by tool name, to tools whose schema has the same
 * content as before: a tool list rebuilt every request (`await mcpClient.tools()`) then costs one
 * comparison per tool instead of a new wrapped schema, its owned copy and a cache lookup.
 *
 * Only schemas without a validator of their own (`jsonSchema(…)` as MCP clients make them) are
 * kept: judging them needs their content and nothing of the tool. A kept schema is built from a
 * private copy of that content, so nothing the app holds is shared between requests, and nothing
 * the app changes later reaches it.
 */
export class ReusedInputSchemas {
  readonly #byName = new LastContentByName<Schema<unknown>>({
    maxNames,
    maxKeyLength: maxTotalContentLength,
  });

  /**
   * The wrapped schema for a tool of this name whose schema (`original`, as `asSchema` reads it)
   * has no validator and plain JSON content, made or found again; `undefined` for any other.
   */
  schemaFor(
    name: string,
    original: Schema<unknown>,
    wiring: SchemaWiring,
  ): Schema<unknown> | undefined {
    if (original.validate !== undefined) return undefined;
    let content: unknown;
    try {
      content = original.jsonSchema;
    } catch {
      return undefined;
    }
    if (typeof content !== 'object' || content === null || isPromiseLike(content)) return undefined;
    const known = this.#byName.find(name, content);
    if (known !== undefined) return known.value;
    const key = contentKeyOf(content);
    if (key === undefined || key.length > maxContentLength) return undefined;
    const schema = keptInputSchema({ content: JSON.parse(key), wiring });
    this.#byName.keep(name, key, schema);
    return schema;
  }
}
