const marker = 'toolgate.error.InvalidGateOptionError';
const symbol = Symbol.for(marker);

/** Where a mistake is: the option, and the tool and path within it when there are. */
export type OptionPlace = {
  readonly option: string;
  readonly toolName?: string;
  readonly path?: string;
};

/**
 * An option of `toolGate` (or of a tool it wraps) that cannot be right: thrown where the mistake
 * is made, naming the option, the tool and the argument path it concerns.
 */
export class InvalidGateOptionError extends Error {
  readonly [symbol] = true;
  /** The option, as written in `toolGate({ … })`: `'strict'`, `'defaults'`, `'overrides'`, … */
  readonly option: string;
  readonly toolName: string | undefined;
  /** The argument path or parameter the mistake is about, when there is one. */
  readonly path: string | undefined;

  constructor({
    option,
    toolName,
    path,
    message,
    cause,
  }: {
    option: string;
    toolName?: string;
    path?: string;
    message: string;
    /** What reading the option threw (a revoked proxy, a throwing getter), when that was the mistake. */
    cause?: unknown;
  }) {
    const where = [
      `option "${option}"`,
      ...(toolName === undefined ? [] : [`tool "${toolName}"`]),
      ...(path === undefined ? [] : [`"${path}"`]),
    ].join(', ');
    super(`toolgate: invalid ${where}: ${message}`, cause === undefined ? undefined : { cause });
    this.name = 'InvalidGateOptionError';
    this.option = option;
    this.toolName = toolName;
    this.path = path;
  }

  static isInstance(error: unknown): error is InvalidGateOptionError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}

/** An error met while reading an option, as the {@link InvalidGateOptionError} it stands for. */
export function asOptionError(place: OptionPlace, error: unknown): InvalidGateOptionError {
  if (InvalidGateOptionError.isInstance(error)) return error;
  let reason: string;
  try {
    reason = error instanceof Error ? error.message : String(error);
  } catch {
    reason = 'an unreadable error';
  }
  return new InvalidGateOptionError({
    ...place,
    message: `reading it threw (${reason.length > 120 ? `${reason.slice(0, 120)}…` : reason}); pass plain data.`,
    cause: error,
  });
}

/** Runs a check; anything it throws other than a named mistake (reading a revoked proxy) is one. */
export function guarded<RESULT>(place: OptionPlace, check: () => RESULT): RESULT {
  try {
    return check();
  } catch (error) {
    throw asOptionError(place, error);
  }
}
