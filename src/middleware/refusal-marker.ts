import type { RefusalCode } from '../checker/check-turn.ts';

/** The key a refused call's input is wrapped under; no tool schema is expected to use it. */
export const refusalMarkerKey = 'toolgate:refusal';

/**
 * What a refused call carries in place of its input until the next request restores it: the code,
 * the answer the model reads, and the model's original input text.
 *
 * The verdict travels inside the call itself, so two loops sharing one gate can never see each
 * other's verdicts, and nothing is remembered once the turn is over.
 */
export type RefusalMarker = {
  readonly code: RefusalCode;
  readonly answer: string;
  /** The input exactly as the model sent it (JSON text). */
  readonly input: string;
};

/** The input text that stands for a refused call. */
export function markerInput(marker: RefusalMarker): string {
  return JSON.stringify({ [refusalMarkerKey]: marker });
}

/** The marker a parsed input carries, if it is one. */
export function readMarker(input: unknown): RefusalMarker | undefined {
  if (typeof input !== 'object' || input === null || !Object.hasOwn(input, refusalMarkerKey)) {
    return undefined;
  }
  const marker = (input as Record<string, unknown>)[refusalMarkerKey];
  if (typeof marker !== 'object' || marker === null) return undefined;
  const { code, answer, input: original } = marker as Record<string, unknown>;
  if ((code !== 'arguments' && code !== 'turn') || typeof answer !== 'string') return undefined;
  return { code, answer, input: typeof original === 'string' ? original : '{}' };
}

/** Reads a marker from input that may still be JSON text. */
export function readMarkerText(input: unknown): RefusalMarker | undefined {
  if (typeof input !== 'string') return readMarker(input);
  if (!input.includes(refusalMarkerKey)) return undefined;
  try {
    return readMarker(JSON.parse(input));
  } catch {
    return undefined;
  }
}
