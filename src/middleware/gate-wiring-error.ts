const marker = 'toolgate.error.GateWiringError';
const symbol = Symbol.for(marker);

/**
 * Thrown before the model is called when the request holds function tools this gate did not
 * wrap: their calls could not be held back if the turn were refused, so the gate refuses to
 * fail open and says which tools and how to fix it.
 */
export class GateWiringError extends Error {
  readonly [symbol] = true;
  /** The tools of the request that the gate did not wrap. */
  readonly toolNames: readonly string[];

  constructor({ toolNames }: { toolNames: readonly string[] }) {
    const names = toolNames.map((name) => `"${name}"`).join(', ');
    super(
      `toolgate: the request holds tools this gate did not wrap (${names}), so it could not stop their calls in a refused turn. ` +
        'Pass the tools through the gate: `tools: gate.tools` (tools given to toolGate) or `tools: gate.wrapTools(tools)` (tools chosen per request). ' +
        'A middleware that replaces tool schemas must come after the gate in the middleware list.',
    );
    this.name = 'GateWiringError';
    this.toolNames = toolNames;
  }

  static isInstance(error: unknown): error is GateWiringError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
