const marker = 'toolgate.error.UnreadableSchemaError';
const symbol = Symbol.for(marker);

/**
 * A tool whose input schema is not a JSON Schema the gate can read (`null`, a number, a string, a
 * list): thrown instead of judging its calls as if any object fitted, which would let every call
 * through. The boolean schemas are readable: `true` admits any arguments, `false` none.
 */
export class UnreadableSchemaError extends Error {
  readonly [symbol] = true;
  /** The tool, when known where the schema was read (a schema given lazily is read unnamed). */
  readonly toolName: string | undefined;
  /** What the schema is, in a few words: `null`, `a number`, `a list`. */
  readonly received: string;

  constructor({ toolName, received }: { toolName?: string; received: string }) {
    const tool = toolName === undefined ? 'a tool' : `tool "${toolName}"`;
    super(
      `toolgate: the input schema of ${tool} is ${received}, not a JSON Schema (an object, true or false), so its calls cannot be checked. Give the tool an object schema.`,
    );
    this.name = 'UnreadableSchemaError';
    this.toolName = toolName;
    this.received = received;
  }

  static isInstance(error: unknown): error is UnreadableSchemaError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}

/**
 * What a tool's JSON Schema is when the gate cannot read it (see {@link UnreadableSchemaError}), in
 * a few words; `undefined` for a readable one: `true`, `false` or an object other than a list.
 */
export function unreadableSchemaKind(schema: unknown): string | undefined {
  switch (typeof schema) {
    case 'boolean':
      return undefined;
    case 'undefined':
      return 'missing';
    case 'bigint':
      return 'a number';
    case 'object':
      if (schema === null) return 'null';
      try {
        return Array.isArray(schema) ? 'a list' : undefined;
      } catch {
        // A revoked proxy: left to strict conversion and the checker, which read nothing of it.
        return undefined;
      }
    default:
      return `a ${typeof schema}`;
  }
}
