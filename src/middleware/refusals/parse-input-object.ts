import { isRecord } from '../../schema/is-record.ts';

/** A call's input text as an object; `undefined` when it is not a JSON object. */
export function parseInputObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
