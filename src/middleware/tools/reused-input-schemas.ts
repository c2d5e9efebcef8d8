import type { Schema } from 'ai';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import type { PreparedStore } from '../../store/prepared-store.ts';
import { keptInputSchema, type SchemaWiring } from './gate-input-schema.ts';

/** Most tool names whose wrapped schema a gate keeps; the name kept longest goes first. */
const maxNames = 1000;
/**
 * Most characters of content (as JSON text) the kept schemas hold alive, all names together; a
 * schema of more than half of it is wrapped anew every time, so one cannot push out every other.
 */
const maxContentLength = 2_000_000;

type Kept = { readonly copy: object; readonly schema: Schema<unknown>; readonly length: number };

/**
 * Wrapped input schemas a gate hands out again, by tool name, to tools whose schema has the same
 * content as before: a tool list rebuilt every request (`await mcpClient.tools()`) then costs one
 * comparison per tool (see `PreparedStore.keyOf`) instead of a new wrapped schema and its owned
 * object, and the middleware meets the same objects again.
 *
 * Only schemas without a validator of their own (`jsonSchema(…)` as MCP clients make them) are
 * kept: judging them needs their content and nothing of the tool. A kept schema is found again by
 * its name and the identity of the store's frozen copy of its content, which nothing can change.
 */
export class ReusedInputSchemas {
  readonly #store: PreparedStore;
  readonly #byName = new Map<string, Kept>();
  #contentLength = 0;

  /** `store`: where the content of each schema is kept, found again by its tool's name. */
  constructor(store: PreparedStore) {
    this.#store = store;
  }

  /**
   * The wrapped schema for a tool of this name whose schema (`original`, as `asSchema` reads it)
   * has no validator and plain JSON content, made or found again; `undefined` for any other.
   */
  schemaFor(
    name: string,
    original: Schema<unknown>,
    /** How a schema made here reaches its gate. */
    wire: () => SchemaWiring,
  ): Schema<unknown> | undefined {
    if (original.validate !== undefined) return undefined;
    let content: unknown;
    try {
      content = original.jsonSchema;
    } catch {
      return undefined;
    }
    if (typeof content !== 'object' || content === null || isPromiseLike(content)) return undefined;
    const copy = this.#store.keep(content, { hint: name });
    if (typeof copy !== 'object' || copy === null) return undefined;
    const known = this.#byName.get(name);
    if (known?.copy === copy) return known.schema;
    const schema = keptInputSchema({ copy, wiring: wire() });
    const length = this.#store.keyOf(copy)?.length ?? maxContentLength;
    if (known !== undefined) {
      this.#byName.delete(name);
      this.#contentLength -= known.length;
    }
    if (length > maxContentLength / 2) return schema;
    this.#byName.set(name, { copy, schema, length });
    this.#contentLength += length;
    for (const [oldestName, oldest] of this.#byName) {
      if (this.#byName.size <= maxNames && this.#contentLength <= maxContentLength) break;
      this.#byName.delete(oldestName);
      this.#contentLength -= oldest.length;
    }
    return schema;
  }
}
