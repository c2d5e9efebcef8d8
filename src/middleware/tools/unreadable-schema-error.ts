import { describeValue } from '../../checker/describe-value.ts';

const marker = 'toolgate.error.UnreadableSchemaError';
const symbol = Symbol.for(marker);

/**
 * A tool whose input schema is not a JSON Schema the gate can read (`null`, a number, a string, a
 * list, an object holding functions or getters that throw): thrown instead of judging its calls as if any object fitted, which would let every call
 * through. The boolean schemas are readable: `true` admits any arguments, `false` none.
 */
export class UnreadableSchemaError extends Error {
  readonly [symbol] = true;
  /** The tool, when known where the schema was read (a schema given lazily is read unnamed). */
  readonly toolName: string | undefined;
  /** What the schema is, in a few words: `null`, `the number 5`, `a list of 1 item`. */
  readonly received: string;

  constructor({
    toolName,
    schema,
    cause,
  }: {
    toolName?: string;
    schema: unknown;
    /** Why an object schema could not be copied as JSON (a function in it, a throwing getter). */
    cause?: unknown;
  }) {
    const received = describeValue(schema);
    const tool = toolName === undefined ? 'a tool' : `tool "${toolName}"`;
    super(
      cause === undefined
        ? `toolgate: the input schema of ${tool} is ${received}, not a JSON Schema, so its calls cannot be checked.`
        : `toolgate: the input schema of ${tool} could not be read as JSON (${cause instanceof Error ? cause.message : String(cause)}), so its calls cannot be checked. Give it a plain JSON Schema.`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'UnreadableSchemaError';
    this.toolName = toolName;
    this.received = received;
  }

  static isInstance(error: unknown): error is UnreadableSchemaError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}

/** Whether the gate can read a tool's JSON Schema: `true`, `false`, or an object other than a list. */
export function isReadableSchema(schema: unknown): boolean {
  try {
    return (
      typeof schema === 'boolean' ||
      (typeof schema === 'object' && schema !== null && !Array.isArray(schema))
    );
  } catch {
    // A revoked proxy: left to strict conversion and the checker, which read nothing of it.
    return true;
  }
}
