import { asSchema, type FlexibleSchema, jsonSchema, type Schema, type Tool } from 'ai';
import { defineOwn } from '../schema/define-own.ts';
import type { CallLedger } from './call-ledger.ts';
import type { OwnedSchemas } from './gate-tools.ts';
import { ToolRefusalError } from './refusal-error.ts';
import { parseInputObject } from './refusal-marker.ts';

/** What a call's validation answers when its entry is gone (a stream held for over a minute). */
const expiredAnswer =
  'Not run: this call waited too long between being checked and being run, so it was not run. Send it again.';

/**
 * The key the AI SDK recognises a schema object by (`isSchema`), read from one `jsonSchema()`
 * makes, so it stays whatever the installed SDK uses.
 */
const schemaMarker: symbol =
  Object.getOwnPropertySymbols(jsonSchema({}))[0] ?? Symbol.for('vercel.ai.schema');

/**
 * A wrapped tool's input schema, the AI SDK's `Schema` as `jsonSchema()` makes one, but with
 * its getter and `validate` shared on a class: `jsonSchema()` builds both for each object, which
 * costs more than the rest of wrapping a tool, and tool lists are wrapped on every request.
 *
 * Its JSON Schema is an object the gate owns (see {@link OwnedSchemas}), made on first read. Its
 * validation takes the gate's verdict for the call: a passed call gets exactly the input the gate
 * judged (decoded, normalized, as the tool's own validator returned it); a call of a refused turn
 * fails validation with the refusal answer, which makes the AI SDK treat it as invalid: no
 * approval, no execution, no client question, no MCP request.
 */
class GateInputSchema {
  readonly [schemaMarker] = true;
  declare readonly _type: unknown;
  readonly #tool: Tool;
  readonly #ledger: CallLedger;
  readonly #owned: OwnedSchemas;
  #original: Schema<unknown> | undefined;
  #jsonSchema: object | PromiseLike<object> | undefined;

  constructor({ tool, ledger, owned }: { tool: Tool; ledger: CallLedger; owned: OwnedSchemas }) {
    this.#tool = tool;
    this.#ledger = ledger;
    this.#owned = owned;
  }

  get jsonSchema(): object | PromiseLike<object> {
    if (this.#jsonSchema === undefined) {
      const schema = this.#originalSchema().jsonSchema;
      this.#jsonSchema = isPromiseLike(schema)
        ? Promise.resolve(schema).then((resolved) => this.#own(resolved))
        : this.#own(schema);
    }
    return this.#jsonSchema;
  }

  async validate(
    value: unknown,
  ): Promise<{ success: true; value: unknown } | { success: false; error: Error }> {
    const ledger = this.#ledger;
    const reference = ledger.referenceIn(value);
    if (reference === undefined) {
      // An input the middleware did not judge: an approved call resumed from history.
      const original = this.#originalSchema();
      return original.validate === undefined ? { success: true, value } : original.validate(value);
    }
    const entry = ledger.take(reference);
    if (entry === undefined) {
      return {
        success: false,
        error: new ToolRefusalError({ toolRefusal: 'turn', answer: expiredAnswer }),
      };
    }
    if (entry.outcome === 'pass') {
      // The SDK keeps the validated value as the call's schema input (approval resumes
      // validate it again), so it must read as the judged input, not as the reference.
      replaceContent(value as Record<string, unknown>, entry.input);
      ledger.markJudged(entry.value);
      return { success: true, value: entry.value };
    }
    (entry.call as { input: string }).input = entry.input;
    replaceContent(value as Record<string, unknown>, parseInputObject(entry.input));
    return {
      success: false,
      error: new ToolRefusalError({ toolRefusal: entry.code, answer: entry.answer }),
    };
  }

  #originalSchema(): Schema<unknown> {
    this.#original ??= asSchema(this.#tool.inputSchema as FlexibleSchema<unknown>);
    return this.#original;
  }

  #own(schema: unknown): object {
    const copy = ownedCopyOf(schema);
    this.#owned.set(copy, { tool: this.#tool });
    return copy;
  }
}

/** A wrapped tool's input schema (see {@link GateInputSchema}). */
export function gateInputSchema(options: {
  tool: Tool;
  ledger: CallLedger;
  owned: OwnedSchemas;
}): Schema<unknown> {
  // The SDK's schema type names its marker symbol, which it does not export.
  return new GateInputSchema(options) as unknown as Schema<unknown>;
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
 */
function ownedCopyOf(schema: unknown): object {
  if (typeof schema !== 'object' || schema === null) return { type: 'object' };
  try {
    return { ...schema };
  } catch {
    return new Proxy(schema, {});
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
