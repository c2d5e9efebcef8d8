const marker = 'toolgate.error.SchemaError';
const symbol = Symbol.for(marker);

/** Why a schema could not be walked. */
export type SchemaErrorReason =
  | 'cycle'
  | 'too-deep'
  | 'too-large'
  | 'unresolved-ref'
  | 'recursive-ref';

/**
 * A schema that cannot be walked: one that contains itself as an object, one nested too deep, or a
 * reference that points nowhere. Carries where it happened as a JSON pointer.
 */
export class SchemaError extends Error {
  readonly [symbol] = true;
  readonly reason: SchemaErrorReason;
  readonly pointer: string;

  constructor({
    reason,
    pointer,
    message = `The schema cannot be read at "${pointer || '/'}": ${reason}.`,
  }: {
    reason: SchemaErrorReason;
    pointer: string;
    message?: string;
  }) {
    super(message);
    this.name = marker;
    this.reason = reason;
    this.pointer = pointer;
  }

  static isInstance(error: unknown): error is SchemaError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
