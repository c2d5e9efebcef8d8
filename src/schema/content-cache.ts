import { contentKeyOf } from './content-key.ts';
import { LastContentByName } from './last-content-by-name.ts';

export type ContentCacheOptions = {
  /** Most entries kept by content; the least recently used goes first. Default: 1,000. */
  maxEntries?: number;
  /**
   * Most characters of content keys kept, all entries together (about as many bytes of schema
   * text); a single key longer than this is never kept by content. Default: 2,000,000.
   */
  maxKeyLength?: number;
};

/** The values one object has in one cache: the first scope's in place, any others in a map. */
type Known<VALUE> = {
  readonly scope: string;
  readonly value: VALUE;
  others?: Map<string, VALUE>;
};

/**
 * Content keys by object, shared by every cache, so an object whose content was new is serialized
 * once however many caches build from it (`null`: it has none).
 */
const keyByObject = new WeakMap<object, string | null>();

function keyOf(object: object): string | undefined {
  let key = keyByObject.get(object);
  if (key === undefined) {
    key = contentKeyOf(object) ?? null;
    keyByObject.set(object, key);
  }
  return key ?? undefined;
}

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
 * A caller that knows a name for the object (a tool's name) passes it: a new object is then first
 * compared with the content last seen under that name (see {@link hasSnapshotContent}), which
 * spares the serialization when a tool list is rebuilt with the same content. The names are only
 * hints: a value is always found by content, and at most `maxEntries` names are remembered.
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
  readonly #lastByName: LastContentByName<undefined>;
  /** Contents asked for once and not found, with the scopes asked for (see {@link seenBefore}). */
  readonly #sightings = new Map<string, string[]>();
  #sightingsKeyLength = 0;

  constructor({ maxEntries = 1000, maxKeyLength = 2_000_000 }: ContentCacheOptions = {}) {
    this.#maxEntries = maxEntries;
    this.#maxKeyLength = maxKeyLength;
    this.#lastByName = new LastContentByName({ maxNames: maxEntries, maxKeyLength });
  }

  /** How many contents have values kept by content. */
  get size(): number {
    return this.#byContent.size;
  }

  /**
   * The value for this object, or for another object of the same content, else `undefined`.
   * `name`: what the caller calls this object (a tool's name), to compare it with that name's
   * last content before serializing it.
   */
  get(object: object, scope = '', name?: string): VALUE | undefined {
    const known = this.#byIdentity.get(object);
    if (known !== undefined) {
      const own = known.scope === scope ? known.value : known.others?.get(scope);
      if (own !== undefined) return own;
    }
    // A key computed here is kept by object only on a miss, for the `set` that follows; on a hit
    // the identity map answers the next lookup, so a new object costs one weak entry, not two.
    // An object found by its name is not kept by identity at all: the name finds it again.
    let key = keyByObject.get(object);
    const computed = key === undefined;
    const named = computed ? this.#candidateKeyOf(object, name) : undefined;
    if (computed) key = named ?? contentKeyOf(object) ?? null;
    if (key === null || key === undefined) {
      if (computed) keyByObject.set(object, null);
      return undefined;
    }
    const scopes = this.#byContent.get(key);
    const shared = scopes?.get(scope);
    if (scopes === undefined || shared === undefined) {
      // A key found by the name is not kept for the object: a comparison reads what a walker
      // reads, and only `contentKeyOf` refuses what JSON text would misstate (a hidden `toJSON`).
      if (computed && named === undefined) keyByObject.set(object, key);
      return undefined;
    }
    this.#byContent.delete(key);
    this.#byContent.set(key, scopes);
    if (named === undefined) this.#remember(object, scope, shared, known);
    if (name !== undefined) this.#noteCandidate(name, key);
    return shared;
  }

  /** Keeps a value for this object and, when it has a content key, for its content. */
  set(object: object, value: VALUE, scope = '', name?: string): void {
    this.#remember(object, scope, value, this.#byIdentity.get(object));
    const key = keyOf(object);
    if (key === undefined || key.length > this.#maxKeyLength) return;
    if (name !== undefined) this.#noteCandidate(name, key);
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

  /**
   * Whether a value for this object's content and scope was asked for before and not found; the
   * first time, notes the asking and answers `false`. A caller whose values cost more to share
   * than to build (a copy, kept alive) builds one to keep from a content's second sighting on, so
   * a content seen once keeps nothing but its key here, for the next sighting. Bounded as the
   * values are: at most `maxEntries` contents, the one noted longest ago going first. An object
   * whose content cannot be kept (no content key, a key too long) counts as seen: its value is
   * kept by identity alone, as {@link set} does.
   */
  seenBefore(object: object, scope = ''): boolean {
    const key = keyOf(object);
    if (key === undefined || key.length > this.#maxKeyLength) return true;
    const scopes = this.#sightings.get(key);
    if (scopes === undefined) {
      this.#sightings.set(key, [scope]);
      this.#sightingsKeyLength += key.length;
      for (const oldest of this.#sightings.keys()) {
        if (
          this.#sightings.size <= this.#maxEntries &&
          this.#sightingsKeyLength <= this.#maxKeyLength
        ) {
          break;
        }
        this.#sightings.delete(oldest);
        this.#sightingsKeyLength -= oldest.length;
      }
      return false;
    }
    const at = scopes.indexOf(scope);
    if (at >= 0) {
      if (scopes.length > 1) {
        scopes.splice(at, 1);
      } else {
        this.#sightings.delete(key);
        this.#sightingsKeyLength -= key.length;
      }
      return true;
    }
    // Another scope of a content seen before: noted beside the others (as many as values keep).
    if (scopes.length >= maxScopesPerContent) scopes.length = 0;
    scopes.push(scope);
    this.#sightings.delete(key);
    this.#sightings.set(key, scopes);
    return false;
  }

  /** The content key of the name's last content, when `object` has exactly that content. */
  #candidateKeyOf(object: object, name: string | undefined): string | undefined {
    return name === undefined ? undefined : this.#lastByName.find(name, object)?.key;
  }

  #noteCandidate(name: string, key: string): void {
    if (!this.#lastByName.holds(name, key)) this.#lastByName.keep(name, key, undefined);
  }

  #remember(object: object, scope: string, value: VALUE, known: Known<VALUE> | undefined): void {
    if (known === undefined || known.scope === scope) {
      this.#byIdentity.set(object, { scope, value, others: known?.others });
      return;
    }
    known.others ??= new Map();
    known.others.set(scope, value);
  }
}
