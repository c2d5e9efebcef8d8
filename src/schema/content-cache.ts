import { contentKeyOf } from './content-key.ts';

export type ContentCacheOptions = {
  /** Most entries kept by content; the least recently used goes first. Default: 1,000. */
  maxEntries?: number;
  /**
   * Most characters of content keys kept, all entries together (about as many bytes of schema
   * text); a single key longer than this is never kept by content. Default: 2,000,000.
   */
  maxKeyLength?: number;
};

/** What the cache knows of one object: its content key (computed once) and its values by scope. */
type Known<VALUE> = {
  readonly key: string | undefined;
  readonly byScope: Map<string, VALUE>;
};

/**
 * A cache of what was built from a schema, found by the schema's content: a `WeakMap` by identity
 * in front (one lookup for an object seen before), then a bounded least-recently-used map by
 * {@link contentKeyOf}, so a new object with known content costs one serialization instead of a
 * rebuild. The identity map holds nothing alive; the content map holds at most `maxEntries`
 * values, so 100,000 distinct schemas cannot grow it. A schema without a content key (a cycle, a
 * `Date`, a function…) is cached by identity only.
 *
 * Its `get`/`set` take the place of a `WeakMap<object, VALUE>`'s. A value built from one object is
 * handed out for every object of the same content, so it must depend on content only and must not
 * be changed by whoever receives it. `scope` separates values built from the same schema with
 * different settings (a provider profile, defaults); it must not be empty.
 */
export class ContentCache<VALUE> {
  readonly #maxEntries: number;
  readonly #maxKeyLength: number;
  readonly #byIdentity = new WeakMap<object, Known<VALUE>>();
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recent first.
  readonly #byContent = new Map<string, VALUE>();
  #keyLength = 0;

  constructor({ maxEntries = 1000, maxKeyLength = 2_000_000 }: ContentCacheOptions = {}) {
    this.#maxEntries = maxEntries;
    this.#maxKeyLength = maxKeyLength;
  }

  /** How many values are kept by content. */
  get size(): number {
    return this.#byContent.size;
  }

  /** The value for this object, or for another object of the same content, else `undefined`. */
  get(object: object, scope = ''): VALUE | undefined {
    const known = this.#know(object);
    const own = known.byScope.get(scope);
    if (own !== undefined || known.key === undefined) return own;
    const key = scopedKey(known.key, scope);
    const shared = this.#byContent.get(key);
    if (shared === undefined) return undefined;
    this.#byContent.delete(key);
    this.#byContent.set(key, shared);
    known.byScope.set(scope, shared);
    return shared;
  }

  /** Keeps a value for this object and, when it has a content key, for its content. */
  set(object: object, value: VALUE, scope = ''): void {
    const known = this.#know(object);
    known.byScope.set(scope, value);
    if (known.key === undefined) return;
    const key = scopedKey(known.key, scope);
    if (key.length > this.#maxKeyLength) return;
    if (this.#byContent.delete(key)) this.#keyLength -= key.length;
    this.#byContent.set(key, value);
    this.#keyLength += key.length;
    for (const oldest of this.#byContent.keys()) {
      if (this.#byContent.size <= this.#maxEntries && this.#keyLength <= this.#maxKeyLength) break;
      this.#byContent.delete(oldest);
      this.#keyLength -= oldest.length;
    }
  }

  #know(object: object): Known<VALUE> {
    let known = this.#byIdentity.get(object);
    if (known === undefined) {
      known = { key: contentKeyOf(object), byScope: new Map() };
      this.#byIdentity.set(object, known);
    }
    return known;
  }
}

// Content keys are JSON text, which never holds a raw line break, so the parts cannot run together.
function scopedKey(key: string, scope: string): string {
  return scope === '' ? key : `${scope}\n${key}`;
}
