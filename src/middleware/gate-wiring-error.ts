const marker = 'toolgate.error.GateWiringError';
const symbol = Symbol.for(marker);

/**
 * How a gate is wired wrong:
 * - `'unwrapped-tools'`: the request holds tools this gate did not wrap;
 * - `'unjudged-call'`: a wrapped tool was handed a call the gate's middleware never judged (the
 *   model is not wrapped with `gate.middleware`, a step was routed to another model, or a repair
 *   function outside the gate revived a call);
 * - `'middleware-twice'`: the same gate's middleware wraps the model twice;
 * - `'two-gates'`: the middlewares of two gates wrap one model.
 */
export type GateWiringMistake =
  | 'unwrapped-tools'
  | 'unjudged-call'
  | 'middleware-twice'
  | 'two-gates';

/**
 * Thrown when a gate is wired so that it could not hold back every call of a refused turn. The
 * gate then runs nothing and says what is wrong and how to fix it.
 */
export class GateWiringError extends Error {
  readonly [symbol] = true;
  readonly mistake: GateWiringMistake;
  /** The tools concerned: those the gate did not wrap, or the one handed an unjudged call. */
  readonly toolNames: readonly string[];

  constructor({
    mistake = 'unwrapped-tools',
    toolNames = [],
  }: {
    mistake?: GateWiringMistake;
    toolNames?: readonly string[];
  }) {
    super(messageFor(mistake, toolNames));
    this.name = 'GateWiringError';
    this.mistake = mistake;
    this.toolNames = toolNames;
  }

  static isInstance(error: unknown): error is GateWiringError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}

const howToWire =
  'Wire each gate once: `model: wrapLanguageModel({ model, middleware: gate.middleware })` with `...gate.toolSettings()` (or `...gate.toolSettings({ tools })` for tools chosen per request).';

function messageFor(mistake: GateWiringMistake, toolNames: readonly string[]): string {
  const names = toolNames.map((name) => `"${name}"`).join(', ');
  switch (mistake) {
    case 'unwrapped-tools':
      return (
        `toolgate: the request holds tools this gate did not wrap (${names}), so it could not stop their calls in a refused turn. ` +
        'Pass the tools through the gate: `...gate.toolSettings()` (tools given to toolGate) or `...gate.toolSettings({ tools })` (tools chosen per request). ' +
        'A middleware that replaces tool schemas must come after the gate in the middleware list.'
      );
    case 'unjudged-call':
      return (
        `toolgate: tool ${names} was handed a call that gate.middleware never judged, so nothing was run. ` +
        'Either the model of that step is not wrapped with gate.middleware (check `model` and any model `prepareStep` returns), ' +
        'or a `repairToolCall` outside the gate revived a refused call (pass it as `gate.toolSettings({ repairToolCall })`), ' +
        'or `experimental_refineToolInput` returned a new object (refine the input in place), ' +
        'or the call was read minutes after its turn was checked. ' +
        howToWire
      );
    case 'middleware-twice':
      return `toolgate: gate.middleware wraps this model twice; it must wrap it once. ${howToWire}`;
    case 'two-gates':
      return `toolgate: the middlewares of two gates wrap this model; a model takes one gate's middleware, with that gate's tools. ${howToWire}`;
  }
}
