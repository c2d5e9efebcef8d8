/** What kind of mismatch an argument has. */
export type MismatchCode =
  /** A required argument was not sent (or one another argument requires: `dependentRequired`). */
  | 'missing'
  /** `null` where the schema does not admit it. */
  | 'null'
  /** A value of the wrong kind. */
  | 'type'
  /** A value that is not one of the allowed values. */
  | 'enum'
  /** A number past a bound (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`). */
  | 'range'
  /** A number that is not a multiple of `multipleOf`. */
  | 'multiple-of'
  /** Text shorter than `minLength` or longer than `maxLength` (counted in code points). */
  | 'length'
  /** Text that does not match `pattern`. */
  | 'pattern'
  /** A list or an object with too few or too many items or properties. */
  | 'size'
  /** A list with `uniqueItems` that holds the same item twice. */
  | 'unique'
  /** A list with too few or too many items that fit its `contains` schema. */
  | 'contains'
  /** An object holding a name that `propertyNames` does not accept. */
  | 'property-name'
  /** A value that fits none of the alternatives of an `anyOf`/`oneOf` (`expected` names them). */
  | 'union'
  /** A value that fits more than one of the alternatives of a `oneOf`. */
  | 'ambiguous'
  /** A value the schema rules out with `not` (`expected` says what is ruled out). */
  | 'excluded'
  /** An argument the schema does not accept (`additionalProperties: false`). */
  | 'unknown'
  /** A value where the schema allows none (the boolean schema `false`). */
  | 'forbidden'
  /** The call names a tool that was not offered. */
  | 'tool'
  /** The arguments were not JSON at all. */
  | 'unparsable'
  /** The tool's own validator (zod, Standard Schema) rejected what the schema check passed. */
  | 'rejected'
  /** Reading the arguments threw (a getter or a proxy trap): nothing there can be judged. */
  | 'unreadable'
  /** The arguments hold more values than the checker's work budget allows it to judge. */
  | 'too-large'
  /**
   * A map sent as `{ key, value }` entries (strict conversion) names a key twice, or names a
   * property the object lists on its own.
   */
  | 'duplicate-key'
  /** A value sent as JSON text (strict conversion) does not parse. */
  | 'json-text';

/** Where in the arguments a mismatch is: property names and list positions from the root. */
export type ArgumentPath = ReadonlyArray<string | number>;

/**
 * One way the arguments do not fit the schema, as data, with the sentence a model reads.
 *
 * `expected` and `received` are short phrases; `received` never holds more than a short excerpt of
 * the value, so a mismatch is safe to log.
 */
export type Mismatch = {
  readonly code: MismatchCode;
  readonly path: ArgumentPath;
  /** What the schema asks for, e.g. `"celsius" or "fahrenheit"`, `an integer`. */
  readonly expected: string;
  /** What came, e.g. `"kelvin"`, `a list of 3 items`; empty for `missing`. */
  readonly received: string;
  /** One sentence a model can act on. */
  readonly message: string;
};
