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

/** Settings one content is built under; past this many, a content's scopes start over. */
const maxScopesPerContent = 16;

/**
 * A cache of what was built from a schema, found by the schema's content: a `WeakMap` by identity
 * in front (one lookup for an object seen before), then a bounded least-recently-used map by
 * {@link contentKeyOf}, so a new object with known content costs one serialization instead of a
 * rebuild. The identity map holds nothing alive; the content map holds at most `maxEntries`
 * contents (each with at most 16 scopes), so 100,000 distinct schemas cannot grow it. A schema
 * without a content key (a cycle, a `Date`, a function…) is cached by identity only.
 *
 * Its `get`/`set` take the place of a `WeakMap<object, VALUE>`'s. A value built from one object is
 * handed out for every object of the same content, so it must depend on content only and must not
 * be changed by whoever receives it. `scope` separates values built from the same schema with
 * different settings (a provider profile, defaults); keep it short, it is a map key.
 */
export class ContentCache<VALUE> {
  readonly #maxEntries: number;
  readonly #maxKeyLength: number;
  readonly #byIdentity = new WeakMap<object, Known<VALUE>>();
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recent first.
  // Keyed by the content key itself (not joined with the scope), so a lookup hashes the string
  // the serializer just made instead of copying it into a new one.
  readonly #byContent = new Map<string, Map<string, VALUE>>();
  #keyLength = 0;

  constructor({ maxEntries = 1000, maxKeyLength = 2_000_000 }: ContentCacheOptions = {}) {
    this.#maxEntries = maxEntries;
    this.#maxKeyLength = maxKeyLength;
  }

  /** How many contents have values kept by content. */
  get size(): number {
    return this.#byContent.size;
  }

  /** The value for this object, or for another object of the same content, else `undefined`. */
  get(object: object, scope = ''): VALUE | undefined {
    const known = this.#know(object);
    const own = known.byScope.get(scope);
    if (own !== undefined || known.key === undefined) return own;
    const scopes = this.#byContent.get(known.key);
    const shared = scopes?.get(scope);
    if (scopes === undefined || shared === undefined) return undefined;
    this.#byContent.delete(known.key);
    this.#byContent.set(known.key, scopes);
    known.byScope.set(scope, shared);
    return shared;
  }

  /** Keeps a value for this object and, when it has a content key, for its content. */
  set(object: object, value: VALUE, scope = ''): void {
    const known = this.#know(object);
    known.byScope.set(scope, value);
    const key = known.key;
    if (key === undefined || key.length > this.#maxKeyLength) return;
    let scopes = this.#byContent.get(key);
    if (scopes === undefined) {
      scopes = new Map();
      this.#keyLength += key.length;
    } else {
      this.#byContent.delete(key);
      if (scopes.size >= maxScopesPerContent && !scopes.has(scope)) scopes.clear();
    }
    scopes.set(scope, value);
    this.#byContent.set(key, scopes);
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
