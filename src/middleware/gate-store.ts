import { PreparedStore } from '../store/prepared-store.ts';

/**
 * The store of prepared schemas that every gate of this process shares: what is judged and what
 * is sent strict for each tool schema content, with its decode plan. Shared, so a gate built per
 * request (a serverless handler's habit) finds what earlier gates prepared for the same tools and
 * costs about what one gate built at start-up costs. Sharing is safe: records are found by
 * content and frozen, never by the identity of an object an app holds. Bounded (see
 * `PreparedStore`); the one piece of module-level mutable state in toolgate.
 */
export const gateStore = new PreparedStore();
