import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import type { RefusalCode } from '../../checker/check-turn.ts';
import type { ToolRefusal } from '../refusals/tool-refusal.ts';

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
      /** The call handed to the SDK, whose input is the reference. */
      readonly call: LanguageModelV4ToolCall;
      /** The call's input exactly as the model sent it (JSON text). */
      readonly modelInput: string;
    }
  | {
      readonly outcome: 'refused';
      readonly code: RefusalCode;
      readonly answer: string;
      /** The call handed to the SDK; its input is put back to the model's before the SDK records it. */
      readonly call: LanguageModelV4ToolCall;
      /** The call's input exactly as the model sent it (JSON text). */
      readonly modelInput: string;
    };

/** The limits of one gate's ledger; see {@link CallLedger}. */
export type LedgerLimits = {
  /** How long a turn's verdicts wait for their calls to be validated. */
  readonly keepForMs: number;
  /** Most calls of one turn the ledger holds; a larger turn is refused whole. */
  readonly maxCallsPerTurn: number;
  /** Most bytes (estimated) of passed verdicts of one turn; a larger turn is refused whole. */
  readonly maxTurnBytes: number;
  /** Most bytes (estimated) of passed verdicts waiting at once, all turns together. */
  readonly maxBytes: number;
};

export const defaultLedgerLimits: LedgerLimits = {
  keepForMs: 5 * 60_000,
  maxCallsPerTurn: 1_000,
  maxTurnBytes: 16 * 1024 * 1024,
  maxBytes: 64 * 1024 * 1024,
};

/** Why a turn could not be held: too large on its own, or no room while other turns wait. */
export type HoldFailure = 'turn-too-large' | 'ledger-full';

/** One held turn: its verdicts leave together when the turn expires. */
type HeldTurn = {
  readonly references: readonly string[];
  readonly bytes: number;
  readonly expiresAt: number;
  /** Verdicts of the turn not yet taken. */
  waiting: number;
};

type Held = { readonly entry: LedgerEntry; readonly turn: HeldTurn };

/**
 * Carries each judged call's verdict from the middleware to the wrapped tool's validation, the
 * one place the AI SDK lets a verdict act before anything runs.
 *
 * The AI SDK hands a tool's validation only the parsed input, no call id. So the middleware hands
 * each judged call on with a reference as its input (`{"toolgate:call":"<reference>"}`), and the
 * validation takes the verdict by it: exactly one call can claim a verdict, however many loops
 * share the gate, whatever their inputs or tool-call ids. Each reference is 128 random bits of
 * its own, so none can be guessed from another.
 *
 * A turn is held whole or not at all: {@link holdTurn} refuses a turn too large to hold, or one
 * arriving while the ledger is full, and never makes room by dropping another turn's verdicts.
 * A turn's untaken verdicts leave together when it expires (a timer frees them, not the next
 * turn), and each of its calls that was never validated gets the model's own input back, so
 * nothing that still holds the call shows a reference.
 */
export class CallLedger {
  readonly #limits: LedgerLimits;
  readonly #held = new Map<string, Held>();
  /** Turns in the order they were held (a set keeps it), which is the order they expire. */
  readonly #turns = new Set<HeldTurn>();
  readonly #refusedCalls = new WeakMap<object, ToolRefusal>();
  readonly #judgedValues = new WeakSet<object>();
  #bytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(limits: Partial<LedgerLimits> = {}) {
    this.#limits = { ...defaultLedgerLimits, ...limits };
  }

  /**
   * Holds the verdicts of one turn and returns the input text that stands for each call, in the
   * order given; or why the turn cannot be held, in which case nothing of it is kept. A turn of
   * refusals only is never too large (it holds little beyond what the SDK holds anyway), so a
   * turn refused for its size can be held as such.
   */
  holdTurn(entries: readonly LedgerEntry[]): readonly string[] | HoldFailure {
    const now = Date.now();
    this.#dropExpired(now);
    const bytes = entries.reduce((sum, entry) => sum + estimatedBytes(entry), 0);
    const refusedOnly = entries.every((entry) => entry.outcome === 'refused');
    if (
      !refusedOnly &&
      (entries.length > this.#limits.maxCallsPerTurn || bytes > this.#limits.maxTurnBytes)
    ) {
      return 'turn-too-large';
    }
    if (this.#bytes + bytes > this.#limits.maxBytes) return 'ledger-full';
    const references = randomReferences(entries.length);
    const turn: HeldTurn = {
      references,
      bytes,
      expiresAt: now + this.#limits.keepForMs,
      waiting: entries.length,
    };
    entries.forEach((entry, index) => {
      this.#held.set(references[index] as string, { entry, turn });
    });
    this.#turns.add(turn);
    this.#bytes += bytes;
    this.#armTimer(now);
    return references.map((reference) => JSON.stringify({ [callReferenceKey]: reference }));
  }

  /**
   * The reference a parsed input carries, if it has the shape of one (one key, 32 hex digits);
   * `undefined` for anything else, so a model's own arguments that merely look alike are its
   * arguments.
   */
  referenceIn(input: unknown): string | undefined {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
    const keys = Object.keys(input);
    if (keys.length !== 1 || keys[0] !== callReferenceKey) return undefined;
    const reference = (input as Record<string, unknown>)[callReferenceKey];
    return typeof reference === 'string' && referenceShape.test(reference) ? reference : undefined;
  }

  /** Takes the verdict for a reference, so no other call can; `undefined` once gone. */
  take(reference: string): LedgerEntry | undefined {
    const held = this.#held.get(reference);
    if (held === undefined) return undefined;
    this.#held.delete(reference);
    held.turn.waiting--;
    if (held.turn.waiting === 0) this.#release(held.turn);
    return held.entry;
  }

  /** Marks a value as one the gate judged and handed to a tool. */
  markJudged(value: unknown): void {
    if (typeof value === 'object' && value !== null) this.#judgedValues.add(value);
  }

  /** Whether a tool's input is a value the gate judged and handed on. */
  isJudged(value: unknown): boolean {
    return typeof value === 'object' && value !== null && this.#judgedValues.has(value);
  }

  /**
   * Remembers how a handed-on call was refused, for as long as that call object lives: the SDK
   * hands this very object to the repair step (see `repairRefusals`).
   */
  markRefused(call: LanguageModelV4ToolCall, refusal: ToolRefusal): void {
    this.#refusedCalls.set(call, refusal);
  }

  /** The refusal of a handed-on call (the object the SDK hands its repair step), if refused. */
  refusalOf(call: unknown): ToolRefusal | undefined {
    return typeof call === 'object' && call !== null ? this.#refusedCalls.get(call) : undefined;
  }

  get limits(): LedgerLimits {
    return this.#limits;
  }

  /** How many verdicts wait (for tests of boundedness). */
  get size(): number {
    return this.#held.size;
  }

  /** How many bytes (estimated) the waiting verdicts hold (for tests of boundedness). */
  get bytes(): number {
    return this.#bytes;
  }

  #release(turn: HeldTurn): void {
    this.#bytes -= turn.bytes;
    this.#turns.delete(turn);
    if (this.#turns.size === 0) this.#clearTimer();
  }

  #dropExpired(now: number): void {
    for (const turn of this.#turns) {
      if (turn.expiresAt > now) break;
      this.#turns.delete(turn);
      this.#bytes -= turn.bytes;
      for (const reference of turn.references) {
        const held = this.#held.get(reference);
        if (held === undefined) continue;
        this.#held.delete(reference);
        // Whatever still holds the call (a stream never read to its end) shows the model's input.
        (held.entry.call as { input: string }).input = held.entry.modelInput;
      }
    }
    if (this.#turns.size === 0) this.#clearTimer();
  }

  #armTimer(now: number): void {
    if (this.#timer !== undefined) return;
    const first = this.#turns.values().next().value;
    if (first === undefined) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        const at = Date.now();
        this.#dropExpired(at);
        this.#armTimer(at);
      },
      Math.max(0, first.expiresAt - now),
    );
    // A waiting verdict must not keep a process alive that has nothing else to do.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #clearTimer(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/**
 * What a verdict holds, estimated from the model's text: a passed one keeps the judged input and
 * the tool's value (objects a few times the text's size); a refused one only refers to text and a
 * call the SDK holds anyway.
 */
function estimatedBytes(entry: LedgerEntry): number {
  return entry.outcome === 'pass' ? 256 + entry.modelInput.length * 8 : 128;
}

const referenceShape = /^[0-9a-f]{32}$/;

/** `getRandomValues` fills at most 65,536 bytes at a time: 4,096 references. */
const referencesPerDraw = 4096;

function randomReferences(count: number): string[] {
  const references: string[] = [];
  while (references.length < count) {
    const draw = Math.min(referencesPerDraw, count - references.length);
    const bytes = crypto.getRandomValues(new Uint8Array(16 * draw));
    for (let call = 0; call < draw; call++) {
      let reference = '';
      for (let index = call * 16; index < call * 16 + 16; index++) {
        reference += (bytes[index] as number).toString(16).padStart(2, '0');
      }
      references.push(reference);
    }
  }
  return references;
}
