const marker = 'toolgate.error.InvalidGateOptionError';
const symbol = Symbol.for(marker);

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
