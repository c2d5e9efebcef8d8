const marker = 'toolgate.error.CheckerError';
const symbol = Symbol.for(marker);

/**
 * The checker failed inside itself while judging arguments: a fault of toolgate, never of the
 * arguments (arguments it cannot read are refused with a sentence instead).
 *
 * Thrown rather than turned into a pass, so arguments are never let through unjudged; a caller
 * such as the gate refuses the turn when it meets one. The original error is the `cause`.
 */
export class CheckerError extends Error {
  readonly [symbol] = true;

  constructor({
    cause,
    message = 'The checker failed while judging the arguments.',
  }: {
    cause?: unknown;
    message?: string;
  } = {}) {
    super(message, { cause });
    this.name = marker;
  }

  static isInstance(error: unknown): error is CheckerError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
