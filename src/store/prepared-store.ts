import { contentKeyOf } from '../schema/content-key.ts';
import {
  type ContentSnapshot,
  hasSnapshotContent,
  snapshotOfContentKey,
} from '../schema/content-snapshot.ts';
import { preparedStoreMarker } from './store-option.ts';

declare const recordType: unique symbol;

/**
 * What a record is prepared for, beside the content it is prepared from: the checker's reading in
 * one mode, or a strict conversion under one profile and one set of defaults (their contents).
 * Typed by the record kept under it, so a scope always gives back records of one type.
 */
export type StoreScope<RECORD> = string & { readonly [recordType]?: RECORD };

export type PreparedStoreOptions = {
  /**
   * About how many bytes the kept contents and records may take, all together, estimated from the
   * length of each content as JSON text. Past it, the contents used least recently go first.
   * Default: 32 MiB.
   */
  maxBytes?: number;
};

/** What is kept of one content: its frozen copy and the records prepared from it, by scope. */
type Entry = {
  readonly key: string;
  readonly copy: unknown;
  readonly records: Map<string, unknown>;
  bytes: number;
  /** Whether the entry counts in the store now (an entry let go lives on with its copy). */
  kept: boolean;
  /** Whether it was used since eviction last passed it over. */
  used: boolean;
};

/** The content last seen under a hint, to compare a new value with instead of serializing it. */
type Hinted = { readonly key: string; readonly snapshot: ContentSnapshot };

/**
 * Estimated bytes a content and each record take per character of the content's JSON text: the
 * key itself and the frozen copy, or what is built from it (a reading of the schema, a strict
 * schema and its plan).
 */
const bytesPerCharacter = 10;
/** Most hints whose last content is kept (see {@link PreparedStore.keyOf}). */
const maxHints = 1000;

/**
 * What was prepared from JSON Schemas, found by their content: the checker's reading of a schema,
 * a strict conversion (the schema sent, its decode plan, notes or the reason it cannot be strict).
 * A schema rebuilt as a new object (an MCP client's `tools()` each request, a fresh `jsonSchema()`)
 * is found again by its content; a schema edited in place has new content and is prepared anew.
 *
 * Everything it keeps is made from its own frozen copy of the content (see {@link keep}) and
 * frozen, so no caller can change what another is handed. The only identities it trusts are
 * those of its own frozen copies. Bounded by {@link PreparedStoreOptions.maxBytes}.
 *
 * @example
 * import { checkArguments, PreparedStore } from 'toolgate/checker';
 *
 * const store = new PreparedStore();
 * const schema = store.keep({ type: 'object', properties: { city: { type: 'string' } } });
 * // Read once, then found by identity: no call reads the schema again.
 * checkArguments(schema, { city: 'Oslo' }, { store });
 */
export class PreparedStore {
  readonly [preparedStoreMarker] = true;
  readonly #maxBytes: number;
  #bytes = 0;
  // A map iterates in insertion order, so eviction meets the contents kept longest ago first, and
  // gives each one used since it was last passed over another turn at the end: the least recently
  // used go first, and a use costs one flag, not a move in the map.
  readonly #entries = new Map<string, Entry>();
  /** The entry of each copy this store made: frozen, so its identity stands for its content. */
  readonly #entryOfCopy = new WeakMap<object, Entry>();
  /**
   * The objects of the copies and records this store froze, each with its content key once one
   * was asked for (`null` before): a schema inside one (a union branch of a decode plan, say) is
   * then found again by identity too.
   */
  readonly #keyOfRecordPart = new WeakMap<object, string | null>();
  /**
   * The last record recalled for one of this store's copies: a schema judged call after call is
   * found by two comparisons.
   */
  #last:
    | {
        readonly copy: unknown;
        readonly scope: string;
        readonly entry: Entry;
        readonly record: unknown;
      }
    | undefined;
  // The hint noted longest ago goes first; a hit does not move it (one map write less per lookup).
  readonly #byHint = new Map<string, Hinted>();
  #hintedLength = 0;

  constructor(options: PreparedStoreOptions = {}) {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new TypeError(
        `PreparedStore: options must be an object such as { maxBytes: 1_000_000 }, not ${shown(options)}.`,
      );
    }
    const unknown = Object.keys(options).find((name) => name !== 'maxBytes');
    if (unknown !== undefined) {
      throw new TypeError(
        `PreparedStore: no option ${JSON.stringify(unknown)}; the one option is maxBytes.`,
      );
    }
    const maxBytes: unknown = options.maxBytes === undefined ? 32 * 1024 * 1024 : options.maxBytes;
    if (typeof maxBytes !== 'number' || Number.isNaN(maxBytes) || maxBytes < 0) {
      throw new RangeError(
        `PreparedStore: maxBytes must be a number of bytes, 0 or more (Infinity: no bound), not ${shown(maxBytes)}.`,
      );
    }
    this.#maxBytes = maxBytes;
  }

  /**
   * A deep-frozen copy of a schema's content, which this store recognizes by identity: given back
   * to it (`checkArguments(schema, args, { store })`), it is found without being read again.
   * `undefined` for a value that is not plain JSON data (a cycle, a `Date`, a function…). `hint`,
   * a name the schema goes by (its tool's): a schema of the content last kept under that name is
   * recognized by a comparison, which costs less than serializing it.
   */
  keep<SCHEMA>(schema: SCHEMA, { hint }: { hint?: string } = {}): SCHEMA | undefined {
    return this.#entryOf(schema, hint)?.copy as SCHEMA | undefined;
  }

  /**
   * The content key of a value (see {@link contentKeyOf}): known at once for a copy this store
   * made, read otherwise. `hint`, a name the value goes by (its tool's): a value of the content
   * last seen under that name is recognized by a comparison, which costs less than serializing it
   * (a tool list rebuilt every request).
   *
   * @internal
   */
  keyOf(value: unknown, hint?: string): string | undefined {
    if (typeof value === 'object' && value !== null) {
      const known = this.#entryOfCopy.get(value);
      if (known !== undefined) return known.key;
      const part = this.#keyOfRecordPart.get(value);
      if (part !== undefined) {
        if (part !== null) return part;
        const key = contentKeyOf(value);
        if (key !== undefined) this.#keyOfRecordPart.set(value, key);
        return key;
      }
    }
    if (hint === undefined) return contentKeyOf(value);
    const hinted = this.#byHint.get(hint);
    if (hinted !== undefined && hasSnapshotContent(hinted.snapshot, value)) return hinted.key;
    const key = contentKeyOf(value);
    if (key !== undefined) this.#noteHint(hint, key, hinted);
    return key;
  }

  /**
   * The record kept for the value's content under `scope`, else the one `prepare` makes from this
   * store's frozen copy of that content, frozen and kept; `undefined` for a value that is not
   * plain JSON data. `prepare` must depend on the copy alone and on what `scope` names.
   *
   * @internal
   */
  recall<RECORD>(
    value: unknown,
    scope: StoreScope<RECORD>,
    prepare: (content: unknown) => RECORD,
  ): RECORD | undefined {
    const last = this.#last;
    if (last !== undefined && last.copy === value && last.scope === scope && last.entry.kept) {
      last.entry.used = true;
      return last.record as RECORD;
    }
    const entry = this.#entryOf(value, undefined);
    if (entry === undefined) return undefined;
    const known = entry.records.get(scope);
    if (known !== undefined) {
      if (entry.copy === value) this.#last = { copy: value, scope, entry, record: known };
      return known as RECORD;
    }
    const record = deepFreeze(prepare(entry.copy), this.#keyOfRecordPart);
    const bytes = entry.key.length * bytesPerCharacter;
    // A content whose records alone would fill the store is prepared for this caller only.
    if (entry.bytes + bytes > this.#maxBytes) return record;
    entry.records.set(scope, record);
    entry.bytes += bytes;
    if (entry.kept) {
      this.#bytes += bytes;
      this.#evictPast(entry);
    }
    return record;
  }

  /** The entry of a value's content, made when new, marked used; none for no content key. */
  #entryOf(value: unknown, hint: string | undefined): Entry | undefined {
    const own =
      typeof value === 'object' && value !== null ? this.#entryOfCopy.get(value) : undefined;
    if (own !== undefined) {
      // A copy outlives its entry's place in the store: found again, it takes that place back.
      if (!own.kept) this.#admit(own);
      own.used = true;
      return own;
    }
    const key = this.keyOf(value, hint);
    if (key === undefined) return undefined;
    const known = this.#entries.get(key);
    if (known !== undefined) {
      known.used = true;
      return known;
    }
    const copy = frozenCopyOf(key, this.#keyOfRecordPart);
    const entry: Entry = {
      key,
      copy,
      records: new Map(),
      bytes: key.length * bytesPerCharacter,
      kept: false,
      used: false,
    };
    if (typeof copy === 'object' && copy !== null) this.#entryOfCopy.set(copy, entry);
    this.#admit(entry);
    return entry;
  }

  /** Counts an entry in the store, unless it alone is past the bound, and keeps to the bound. */
  #admit(entry: Entry): void {
    // A content too large to keep is still copied, and its copy still known, for this caller.
    if (entry.bytes > this.#maxBytes) return;
    // Another entry of the content (made while this one was let go) gives up its place.
    const other = this.#entries.get(entry.key);
    if (other !== undefined) {
      other.kept = false;
      this.#bytes -= other.bytes;
    }
    this.#entries.set(entry.key, entry);
    entry.kept = true;
    this.#bytes += entry.bytes;
    this.#evictPast(entry);
  }

  /**
   * Lets contents go, those kept longest ago and unused since first, until the store is within
   * its bound; `current` stays.
   */
  #evictPast(current: Entry): void {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) return;
      if (entry === current) continue;
      this.#entries.delete(key);
      if (entry.used) {
        entry.used = false;
        this.#entries.set(key, entry);
        continue;
      }
      entry.kept = false;
      this.#bytes -= entry.bytes;
    }
  }

  /**
   * Keeps a content as the hint's last, in place of what it had; bounded by hints and by a quarter
   * of the store's bytes, the hint noted longest ago going first.
   */
  #noteHint(hint: string, key: string, before: Hinted | undefined): void {
    if (before !== undefined) {
      this.#byHint.delete(hint);
      this.#hintedLength -= before.key.length;
    }
    const maxLength = this.#maxBytes / 4 / bytesPerCharacter;
    if (key.length > maxLength) return;
    const snapshot = snapshotOfContentKey(key);
    if (snapshot === undefined) return;
    this.#byHint.set(hint, { key, snapshot });
    this.#hintedLength += key.length;
    for (const [oldestHint, oldest] of this.#byHint) {
      if (this.#byHint.size <= maxHints && this.#hintedLength <= maxLength) return;
      this.#byHint.delete(oldestHint);
      this.#hintedLength -= oldest.key.length;
    }
  }
}

/** The value a content key is the JSON text of, every object and list in it frozen and noted. */
function frozenCopyOf(key: string, frozen: WeakMap<object, string | null>): unknown {
  // Parsed, then frozen in a walk of its own: a reviver is the slower way.
  return deepFreeze(JSON.parse(key), frozen);
}

/**
 * Freezes a value and every object, list, map and set it holds (a map's or set's entries can
 * still be changed through its methods, which its readonly type leaves out), noting each object
 * it froze in `frozen`. What is frozen already is taken as frozen through, as this store's copies
 * are.
 */
function deepFreeze<VALUE>(value: VALUE, frozen: WeakMap<object, string | null>): VALUE {
  // A list of what is left to freeze, not recursion: a content as deep as its key allows is frozen.
  const left: unknown[] = [value];
  while (left.length > 0) {
    const next = left.pop();
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    frozen.set(next, null);
    if (next instanceof Map) {
      for (const [key, entry] of next) left.push(key, entry);
    } else if (next instanceof Set) {
      for (const entry of next) left.push(entry);
    } else {
      for (const key of Object.keys(next)) left.push((next as Record<string, unknown>)[key]);
    }
  }
  return value;
}

/** A value as an option error names it: text in quotes, so `"1000"` is not read as a number. */
function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
