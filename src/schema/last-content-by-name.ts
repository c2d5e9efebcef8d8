import {
  type ContentSnapshot,
  hasSnapshotContent,
  snapshotOfContentKey,
} from './content-snapshot.ts';

type Kept<VALUE> = {
  readonly key: string;
  readonly snapshot: ContentSnapshot;
  readonly value: VALUE;
};

/**
 * The content last seen under each name (a tool's), with a value made from it: a new object of
 * that name is compared with that content (see {@link hasSnapshotContent}) instead of being
 * serialized. Bounded by names and by characters of content, all names together; the name noted
 * longest ago goes first (a hit does not move it: one map write less per lookup).
 */
export class LastContentByName<VALUE> {
  readonly #maxNames: number;
  readonly #maxKeyLength: number;
  readonly #byName = new Map<string, Kept<VALUE>>();
  #keyLength = 0;

  constructor({ maxNames, maxKeyLength }: { maxNames: number; maxKeyLength: number }) {
    this.#maxNames = maxNames;
    this.#maxKeyLength = maxKeyLength;
  }

  /** What was kept under the name, when `object` has exactly the content kept with it. */
  find(name: string, object: unknown): { readonly key: string; readonly value: VALUE } | undefined {
    const kept = this.#byName.get(name);
    return kept !== undefined && hasSnapshotContent(kept.snapshot, object) ? kept : undefined;
  }

  /** Whether the name's last content has this content key. */
  holds(name: string, key: string): boolean {
    return this.#byName.get(name)?.key === key;
  }

  /**
   * Keeps a value made from the content whose key is `key` (JSON text of plain data) under the
   * name, in place of what the name had. Keeps nothing for a content too large or deep to keep.
   */
  keep(name: string, key: string, value: VALUE): void {
    const known = this.#byName.get(name);
    if (known !== undefined) {
      this.#byName.delete(name);
      this.#keyLength -= known.key.length;
    }
    if (key.length > this.#maxKeyLength) return;
    const snapshot = snapshotOfContentKey(key);
    if (snapshot === undefined) return;
    this.#byName.set(name, { key, snapshot, value });
    this.#keyLength += key.length;
    for (const [oldestName, oldest] of this.#byName) {
      if (this.#byName.size <= this.#maxNames && this.#keyLength <= this.#maxKeyLength) break;
      this.#byName.delete(oldestName);
      this.#keyLength -= oldest.key.length;
    }
  }
}
