/** How long a kept output waits for the SDK to validate its call; later, the validator runs again. */
const keepForMs = 60_000;
/** Most distinct inputs kept per tool; the oldest go first. */
const maxInputsPerTool = 256;

type Kept = { readonly value: unknown; readonly at: number };

/**
 * What the tools' own validators returned when the middleware judged a passed turn, kept until the
 * AI SDK validates the same call, so that a zod `.transform()` or `.default()` runs once per call,
 * as without the gate.
 *
 * The SDK's validate sees only the parsed input (no call id), so outputs are kept by the tool's
 * schema and the input's JSON text. Calls with the same text for the same tool get equal outputs,
 * so which of them takes which does not matter, even across loops sharing one gate. Refused calls
 * are never kept: their marker is refused before anything is looked up. An output no call claims
 * (a stream aborted in between) is dropped after a while; the validator then simply runs again.
 */
export class ValidatedInputs {
  readonly #bySchema = new WeakMap<object, Map<string, Kept[]>>();

  remember(schema: unknown, input: unknown, value: unknown): void {
    const key = keyOf(input);
    if (key === undefined || !isObject(schema)) return;
    let byInput = this.#bySchema.get(schema);
    if (byInput === undefined) {
      byInput = new Map();
      this.#bySchema.set(schema, byInput);
    }
    const kept = byInput.get(key) ?? [];
    kept.push({ value, at: Date.now() });
    byInput.delete(key);
    byInput.set(key, kept);
    if (byInput.size > maxInputsPerTool) {
      const oldest = byInput.keys().next().value;
      if (oldest !== undefined) byInput.delete(oldest);
    }
  }

  /** The output kept for this input, taken so no other call gets it; `undefined` if none. */
  take(schema: unknown, input: unknown): { value: unknown } | undefined {
    const key = keyOf(input);
    if (key === undefined || !isObject(schema)) return undefined;
    const byInput = this.#bySchema.get(schema);
    const kept = byInput?.get(key);
    if (byInput === undefined || kept === undefined) return undefined;
    const fresh = kept.filter(({ at }) => Date.now() - at < keepForMs);
    const taken = fresh.shift();
    if (fresh.length === 0) byInput.delete(key);
    else byInput.set(key, fresh);
    return taken === undefined ? undefined : { value: taken.value };
  }
}

function keyOf(input: unknown): string | undefined {
  try {
    return JSON.stringify(input);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
