import { asSchema, type FlexibleSchema, jsonSchema, type Schema, type Tool } from 'ai';
import { expiredAnswer } from '../../checker/refusal-texts.ts';
import { acceptsNothing } from '../../schema/accepts-nothing.ts';
import { defineOwn } from '../../schema/define-own.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import type { PreparedStore } from '../../store/prepared-store.ts';
import { GateWiringError } from '../gate-wiring-error.ts';
import { parseInputObject } from '../refusals/parse-input-object.ts';
import { ToolRefusalError } from '../refusals/refusal-error.ts';
import type { CallLedger } from './call-ledger.ts';
import type { OwnedSchemas } from './owned-schemas.ts';
import { schemaSymbol } from './reject-unreadable-schemas.ts';
import { isReadableSchema, UnreadableSchemaError } from './unreadable-schema-error.ts';

/** What an input the middleware did not hand on validates to. */
export type UnjudgedValidation =
  | { readonly success: true; readonly value: unknown }
  | { readonly success: false; readonly error: Error };

/** What a wrapped schema's validation needs of its gate, and of the tool it belongs to. */
export type SchemaWiring = {
  readonly toolName: string;
  readonly ledger: CallLedger;
  readonly owned: OwnedSchemas;
  /** Where the frozen copy of each schema's content the gate judges by is kept. */
  readonly store: PreparedStore;
  /**
   * Validates an input the middleware did not hand on as a reference, given the schema's
   * content: judged alone as a call of its own (see `judgeAlone`), or by the tool's own
   * validator for a provider-defined tool, whose calls the middleware never hands on as
   * references. `undefined` for a tool without `execute`, which no approval resumes, so such an
   * input is a wiring mistake.
   */
  readonly validateUnjudged:
    | ((options: { schema: unknown; input: unknown }) => Promise<UnjudgedValidation>)
    | undefined;
  /** Tells the app, once, that calls reach its tools unjudged. */
  readonly warnUnjudged: (toolName: string) => void;
};

/**
 * A wrapped tool's input schema. Its JSON Schema is an object the gate owns (see
 * {@link OwnedSchemas}), made on first read. Its validation takes the gate's verdict for the call
 * (see {@link judgedValidation}).
 *
 * Made by the SDK's own `jsonSchema()`: a class sharing the getter and `validate` wraps tools
 * faster, but made a whole loop over many rebuilt tools slower.
 */
export function gateInputSchema({
  tool,
  original = asSchema(tool.inputSchema as FlexibleSchema<unknown>),
  wiring,
}: {
  tool: Tool;
  /** The tool's schema as `asSchema` reads it, when the caller has it already. */
  original?: Schema<unknown>;
  wiring: SchemaWiring;
}): Schema<unknown> {
  const own = (schema: unknown) => ownedSchema({ tool, schema, wiring });
  return jsonSchema<unknown>(
    () => {
      const schema = original.jsonSchema;
      return isPromiseLike(schema) ? Promise.resolve(schema).then(own) : own(schema);
    },
    { validate: judgedValidation({ content: () => original.jsonSchema, wiring }) },
  );
}

/**
 * {@link gateInputSchema} for a schema without a validator, from the gate store's frozen copy of
 * its content, which the gate keeps and hands out again (see `ReusedInputSchemas`). Calls are
 * judged by that copy, and its owned object is sent as it is, frozen through. The schema is a
 * frozen object of data properties in the shape `jsonSchema()` gives, since every step of every
 * request reads it. Frozen, since every wrapped tool of that name and content gets this one
 * object.
 */
export function keptInputSchema({
  copy,
  wiring,
}: {
  /** The gate store's frozen copy of the schema's content. */
  copy: object;
  wiring: SchemaWiring;
}): Schema<unknown> {
  // An object of this gate's own, so no other gate takes it for one of its tools; over the frozen
  // copy, so what is sent as offered is always what calls are judged by.
  const owned = Object.freeze(ownedCopyOf(copy));
  wiring.owned.set(owned, { tool: undefined, schema: acceptsNothing(copy) ? false : copy });
  // What `jsonSchema(owned, { validate })` gives, with the JSON Schema as a data property.
  const schema = {
    [schemaSymbol]: true,
    _type: undefined,
    jsonSchema: owned,
    validate: judgedValidation({ content: () => copy, wiring }),
  };
  return Object.freeze(schema) as unknown as Schema<unknown>;
}

/** The object sent for a wrapped tool's schema, tied to the tool (see {@link OwnedSchemas}). */
function ownedSchema({
  tool,
  schema,
  wiring,
}: {
  tool: Tool;
  schema: unknown;
  wiring: SchemaWiring;
}): object {
  const copy = ownedCopyOf(schema);
  // A schema that admits nothing is judged as `false`, so each call is refused with a sentence.
  const judged = acceptsNothing(schema) ? false : privateCopyOf(copy, wiring);
  wiring.owned.set(copy, { tool, schema: judged });
  return copy;
}

/**
 * A wrapped schema's validation: it takes the gate's verdict for the call. A passed call gets
 * exactly the input the gate judged (decoded, normalized, as the tool's own validator returned
 * it); a call of a refused turn fails validation with the refusal answer, which makes the AI SDK
 * treat it as invalid: no approval, no execution, no client question, no MCP request.
 *
 * An input that is no reference was never judged by the middleware. For a tool with `execute` it
 * may be an approved call resumed from history, which the SDK validates again before running it:
 * it is judged alone, and the wrapped tool's hooks run it only when the conversation holds that
 * approval (see `wrapTools`). For any other tool it is a wiring mistake, and fails.
 */
function judgedValidation({
  content,
  wiring,
}: {
  /** The schema's content, for an input judged alone. */
  content: () => unknown;
  wiring: SchemaWiring;
}): NonNullable<Schema<unknown>['validate']> {
  const { ledger, validateUnjudged, toolName } = wiring;
  return async (value) => {
    const reference = ledger.referenceIn(value);
    if (reference === undefined) {
      if (validateUnjudged === undefined) {
        wiring.warnUnjudged(toolName);
        return {
          success: false,
          error: new GateWiringError({ mistake: 'unjudged-call', toolNames: [toolName] }),
        };
      }
      return validateUnjudged({ schema: await content(), input: value });
    }
    const entry = ledger.take(reference);
    if (entry === undefined) {
      return {
        success: false,
        error: new ToolRefusalError({ toolRefusal: 'turn', answer: expiredAnswer }),
      };
    }
    // Whatever still holds the handed-on call (an error quoting the model's content) shows the
    // model's own arguments, never the reference.
    (entry.call as { input: string }).input = entry.modelInput;
    if (entry.outcome === 'pass') {
      // The SDK keeps the validated value as the call's schema input (approval resumes
      // validate it again), so it must read as the judged input, not as the reference.
      replaceContent(value as Record<string, unknown>, entry.input);
      ledger.markJudged(entry.value);
      return { success: true, value: entry.value };
    }
    replaceContent(value as Record<string, unknown>, parseInputObject(entry.modelInput));
    return {
      success: false,
      error: new ToolRefusalError({ toolRefusal: entry.code, answer: entry.answer }),
    };
  };
}

/**
 * Gives the object the SDK parsed from a reference the content it stands for. The SDK re-parses a
 * refused call's text (put back to the model's above) to record it, quotes the validated object
 * in its error text, and keeps a passed call's validated object as its schema input; so all of
 * them show the model's arguments or the judged input, never the reference.
 */
function replaceContent(target: Record<string, unknown>, source: unknown): void {
  for (const key of Object.keys(target)) delete target[key];
  if (typeof source !== 'object' || source === null) return;
  for (const key of Object.keys(source)) {
    defineOwn(target, key, (source as Record<string, unknown>)[key]);
  }
}

/**
 * An object of the gate's own with the schema's content, so the same app schema wrapped by two
 * gates (or twice) has two identities. A schema that cannot be copied (a throwing getter) is
 * wrapped in a transparent proxy instead: it reaches strict conversion and the provider as it was.
 * A schema that is no JSON Schema at all (`null`, a number, a list) throws an
 * {@link UnreadableSchemaError}: judged as any object, it would let every call through.
 */
function ownedCopyOf(schema: unknown): object {
  if (!isReadableSchema(schema)) throw new UnreadableSchemaError({ schema });
  // Providers take only an object root, so a tool that accepts no call (`false`, `{ not: {} }`) is
  // offered as one without arguments; its calls are judged against `false` and refused.
  if (acceptsNothing(schema))
    return { type: 'object', properties: {}, additionalProperties: false };
  if (typeof schema !== 'object' || schema === null) return { type: 'object' };
  try {
    return { ...schema };
  } catch {
    return new Proxy(schema, {});
  }
}

/**
 * What the gate reads of the owned schema: the store's frozen copy of its content, or, for a schema
 * that is not plain JSON data (a `Date` or a cycle in it), a deep copy of its own. A schema that
 * cannot be copied at all (a function or a getter that throws inside) is an
 * {@link UnreadableSchemaError}.
 */
function privateCopyOf(owned: object, { store, toolName }: SchemaWiring): unknown {
  const kept = store.keep(owned, { hint: toolName });
  if (kept !== undefined) return kept;
  try {
    return structuredClone(owned);
  } catch (error) {
    // Judged as it is, a schema that cannot be read would admit every call.
    throw new UnreadableSchemaError({ schema: owned, cause: error });
  }
}
