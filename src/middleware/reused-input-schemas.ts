import { jsonSchema, type Schema, type Tool } from 'ai';
import { contentKeyOf } from '../schema/content-key.ts';
import {
  type ContentSnapshot,
  hasSnapshotContent,
  snapshotOfContentKey,
} from '../schema/content-snapshot.ts';
import type { CallLedger } from './call-ledger.ts';
import { gateInputSchema, isPromiseLike } from './gate-input-schema.ts';
import type { OwnedSchemas } from './gate-tools.ts';

/**
 * Most tool names whose wrapped schema a gate keeps; the name whose schema was made longest ago goes
 * first (a hit does not move it: one map write less per tool and request).
 */
const maxNames = 1000;
/** Schemas longer than this as JSON text are wrapped anew every time, never kept. */
const maxContentLength = 200_000;
/**
 * Most characters of content (as JSON text) kept, all names together: each kept schema holds its
 * content twice (the private copy and its snapshot), so a bound on names alone would let a tool
 * source of 1,000 large schemas keep hundreds of megabytes.
 */
const maxTotalContentLength = 2_000_000;

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
  readonly #ledger: CallLedger;
  readonly #owned: OwnedSchemas;
  readonly #byName = new Map<
    string,
    { snapshot: ContentSnapshot; schema: Schema<unknown>; length: number }
  >();
  #totalLength = 0;

  constructor({ ledger, owned }: { ledger: CallLedger; owned: OwnedSchemas }) {
    this.#ledger = ledger;
    this.#owned = owned;
  }

  /**
   * The wrapped schema for a tool of this name whose schema (`original`, as `asSchema` reads it)
   * has no validator and plain JSON content, made or found again; `undefined` for any other.
   */
  schemaFor(name: string, original: Schema<unknown>): Schema<unknown> | undefined {
    if (original.validate !== undefined) return undefined;
    let content: unknown;
    try {
      content = original.jsonSchema;
    } catch {
      return undefined;
    }
    if (typeof content !== 'object' || content === null || isPromiseLike(content)) return undefined;
    const known = this.#byName.get(name);
    if (known !== undefined && hasSnapshotContent(known.snapshot, content)) return known.schema;
    const key = contentKeyOf(content);
    if (key === undefined || key.length > maxContentLength) return undefined;
    const snapshot = snapshotOfContentKey(key);
    if (snapshot === undefined) return undefined;
    const tool = { inputSchema: jsonSchema(JSON.parse(key)) } as Tool;
    const schema = gateInputSchema({ tool, ledger: this.#ledger, owned: this.#owned });
    if (known !== undefined) {
      this.#byName.delete(name);
      this.#totalLength -= known.length;
    }
    this.#byName.set(name, { snapshot, schema, length: key.length });
    this.#totalLength += key.length;
    for (const [oldestName, oldest] of this.#byName) {
      if (this.#byName.size <= maxNames && this.#totalLength <= maxTotalContentLength) break;
      this.#byName.delete(oldestName);
      this.#totalLength -= oldest.length;
    }
    return schema;
  }
}
