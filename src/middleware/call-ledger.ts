import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import type { RefusalCode } from '../checker/check-turn.ts';

/** The key of the one-entry object a judged call carries from the middleware to its tool. */
export const callReferenceKey = 'toolgate:call';

/** What the gate decided for one call, waiting for the AI SDK to validate that call. */
export type LedgerEntry =
  | {
      readonly outcome: 'pass';
      /** What the tool's own validator was given: the call's input, decoded and normalized. */
      readonly input: unknown;
      /** The input the tool gets: what its own validator returned for `input`. */
      readonly value: unknown;
    }
  | {
      readonly outcome: 'refused';
      readonly code: RefusalCode;
      readonly answer: string;
      /** The call's input exactly as the model sent it (JSON text). */
      readonly input: string;
      /** The call handed to the SDK; its input is put back to the model's before the SDK records it. */
      readonly call: LanguageModelV4ToolCall;
    };

/** How long an entry waits for its call to be validated; an unclaimed one is then dropped. */
const keepForMs = 60_000;
/** Most entries kept at once per gate; beyond it the oldest is dropped. */
const maxEntries = 10_000;

/**
 * Carries each judged call's verdict from the middleware to the wrapped tool's validation, the
 * one place the AI SDK lets a verdict act before anything runs.
 *
 * The AI SDK hands a tool's validation only the parsed input, no call id. So the middleware hands
 * each judged call on with a reference as its input (`{"toolgate:call":"<reference>"}`), unique
 * to that call, and the validation takes the entry by it: exactly one call can claim an entry,
 * however many loops share the gate, whatever their inputs or tool-call ids. References hold a
 * random secret of this gate, so a model cannot forge one; an expired or unknown reference of
 * this gate is refused, never run. Entries are dropped when taken, after a minute, or when more
 * than {@link maxEntries} wait.
 */
export class CallLedger {
  readonly #prefix = `${randomHex()}.`;
  readonly #entries = new Map<string, { entry: LedgerEntry; at: number }>();
  readonly #refusedCalls = new WeakMap<object, { code: RefusalCode; answer: string }>();
  readonly #refusedIds = new Map<
    string,
    { refusal: { code: RefusalCode; answer: string }; at: number }
  >();
  readonly #judgedValues = new WeakSet<object>();
  #counter = 0;

  /**
   * Remembers that a handed-on call was refused and how: for as long as the call object lives,
   * for the repair step, which the SDK hands that very object; and by its id for a minute, so a
   * wrapped tool's `execute` can tell a revived refused call (see {@link refusedIdOf}).
   */
  markRefused(call: LanguageModelV4ToolCall, refusal: { code: RefusalCode; answer: string }): void {
    this.#refusedCalls.set(call, refusal);
    const now = Date.now();
    for (const [id, { at }] of this.#refusedIds) {
      if (this.#refusedIds.size < maxEntries && now - at < keepForMs) break;
      this.#refusedIds.delete(id);
    }
    this.#refusedIds.delete(call.toolCallId);
    this.#refusedIds.set(call.toolCallId, { refusal, at: now });
  }

  /**
   * The refusal of a call id this gate refused within the last minute, if any. Ids repeat across
   * loops and turns, so only an input that did not come through the gate's judging is held to it.
   */
  refusedIdOf(toolCallId: string): { code: RefusalCode; answer: string } | undefined {
    const noted = this.#refusedIds.get(toolCallId);
    return noted !== undefined && Date.now() - noted.at < keepForMs ? noted.refusal : undefined;
  }

  /** Marks a value as one the gate judged and handed to a tool through a reference. */
  markJudged(value: unknown): void {
    if (typeof value === 'object' && value !== null) this.#judgedValues.add(value);
  }

  /** Whether a tool's input is a value the gate judged and handed on. */
  isJudged(value: unknown): boolean {
    return typeof value === 'object' && value !== null && this.#judgedValues.has(value);
  }

  /** The refusal of a handed-on call, if the gate refused it. */
  refusalOf(call: unknown): { code: RefusalCode; answer: string } | undefined {
    return typeof call === 'object' && call !== null ? this.#refusedCalls.get(call) : undefined;
  }

  /** Records an entry and returns the input text that stands for its call. */
  issue(entry: LedgerEntry): string {
    const now = Date.now();
    this.#dropStale(now);
    const reference = `${this.#prefix}${(this.#counter++).toString(36)}`;
    this.#entries.set(reference, { entry, at: now });
    return JSON.stringify({ [callReferenceKey]: reference });
  }

  /**
   * The reference a parsed input carries, if it is one of this gate's; `undefined` for anything
   * else (a model's own arguments that merely look alike included).
   */
  referenceIn(input: unknown): string | undefined {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
    const keys = Object.keys(input);
    if (keys.length !== 1 || keys[0] !== callReferenceKey) return undefined;
    const reference = (input as Record<string, unknown>)[callReferenceKey];
    return typeof reference === 'string' && reference.startsWith(this.#prefix)
      ? reference
      : undefined;
  }

  /** Takes the entry for a reference, so no other call can; `undefined` once gone. */
  take(reference: string): LedgerEntry | undefined {
    const kept = this.#entries.get(reference);
    if (kept === undefined) return undefined;
    this.#entries.delete(reference);
    return Date.now() - kept.at < keepForMs ? kept.entry : undefined;
  }

  /** How many entries wait (for tests of boundedness). */
  get size(): number {
    return this.#entries.size;
  }

  #dropStale(now: number): void {
    // Map order is insertion order, so the oldest come first.
    for (const [reference, { at }] of this.#entries) {
      if (this.#entries.size < maxEntries && now - at < keepForMs) break;
      this.#entries.delete(reference);
    }
  }
}

function randomHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
