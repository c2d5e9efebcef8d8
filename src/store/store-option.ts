import type { PreparedStore } from './prepared-store.ts';

/** Marks a {@link PreparedStore}, so an option can be checked without loading the class. */
export const preparedStoreMarker: unique symbol = Symbol.for('toolgate.preparedStore');

/**
 * A `store` option as given: `undefined`, or a {@link PreparedStore}. Anything else is a mistake
 * that would otherwise lose what a store keeps, or fail far from where it was made.
 */
export function storeOption(store: unknown, where: string): PreparedStore | undefined {
  if (store === undefined) return undefined;
  if (typeof store === 'object' && store !== null && preparedStoreMarker in store) {
    return store as PreparedStore;
  }
  throw new TypeError(
    `${where}: store must be a PreparedStore (new PreparedStore()), not ${store === null ? 'null' : typeof store}.`,
  );
}
