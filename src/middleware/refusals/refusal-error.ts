import type { RefusalCode } from '../../checker/check-turn.ts';

const marker = 'toolgate.error.ToolRefusalError';
const symbol = Symbol.for(marker);

/**
 * The validation error a gated tool reports for a call of a refused turn. The AI SDK then treats
 * the call as invalid: no approval, no execution, no client question; the loop goes on.
 */
export class ToolRefusalError extends Error {
  readonly [symbol] = true;
  /** `'arguments'`: this call's arguments mismatched; `'turn'`: a sibling's did. */
  readonly toolRefusal: RefusalCode;

  constructor({ toolRefusal, answer }: { toolRefusal: RefusalCode; answer: string }) {
    super(answer);
    this.name = 'ToolRefusalError';
    this.toolRefusal = toolRefusal;
  }

  /** The answer alone: the AI SDK writes an error's text with `toString()` (`Name: message`). */
  override toString(): string {
    return this.message;
  }

  static isInstance(error: unknown): error is ToolRefusalError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}

/** The {@link ToolRefusalError} an error holds, itself or along its `cause` chain (as the SDK wraps it). */
export function refusalErrorIn(error: unknown): ToolRefusalError | undefined {
  for (let depth = 0; depth < 8 && typeof error === 'object' && error !== null; depth++) {
    if (ToolRefusalError.isInstance(error)) return error;
    error = (error as { cause?: unknown }).cause;
  }
  return undefined;
}
