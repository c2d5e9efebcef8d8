import { PreparedStore } from '../store/prepared-store.ts';

/**
 * The store of prepared schemas every gate of this process shares: what calls are judged by and
 * what is sent strict for each tool schema content, with its decode plan. Shared, so a gate built
 * per request (a serverless handler's habit) finds what earlier gates prepared for the same tools
 * and costs about what one built at start-up costs. Safe to share: records are found by content
 * and frozen, never by the identity of an object an app holds. Bounded (see `PreparedStore`); the
 * only module-level store of what is prepared from schemas.
 */
export const gateStore = new PreparedStore();
