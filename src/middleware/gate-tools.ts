import { asSchema, type FlexibleSchema, type Tool, type ToolSet } from 'ai';
import type { StrictSchemaResult } from '../decode/to-strict-schema.ts';
import { defineOwn } from '../schema/define-own.ts';
import type { CallLedger } from './call-ledger.ts';
import { gateInputSchema } from './gate-input-schema.ts';
import { ToolRefusalError } from './refusal-error.ts';
import { rejectUnreadableSchemas } from './reject-unreadable-schemas.ts';
import type { ReusedInputSchemas } from './reused-input-schemas.ts';

/** What the middleware learns from a wrapped tool's schema object in a request. */
export type OwnedTool = {
  /**
   * The tool whose validator judges its calls: the app's own, or, for a schema without a
   * validator that a gate hands out again (see {@link ReusedInputSchemas}), one holding the gate's
   * copy of that schema and nothing else.
   */
  readonly tool: Tool;
  /**
   * What the gate reads of the schema (options checked, calls judged, strict conversion): a private
   * copy of its content, taken when the owned object was made. The owned object itself is only
   * ever sent, so a middleware after the gate or a provider that edits the schema it was sent
   * changes nothing the gate judges by.
   */
  readonly schema: unknown;
  /**
   * The schema's last strict conversion, and what it was converted for: the steps of a request
   * (and requests reusing the wrapped tools) send the same schema again.
   */
  lastConversion?: {
    readonly profile: object;
    readonly defaults: unknown;
    readonly result: StrictSchemaResult;
  };
};

/** The schema objects a gate's wrapped tools put into requests, each tied to its tool. */
export type OwnedSchemas = WeakMap<object, OwnedTool>;

/**
 * Wraps each tool for one gate. The wrapped tool's JSON Schema is an object the gate owns, so the
 * middleware can tell, per request, which function tools it can enforce and which validator
 * judges each one's calls, without matching by name (a schema handed out again by name and
 * content has no validator; the tool's `execute` stays its own either way). Its validation takes the gate's verdict for the call: a passed
 * call gets exactly the input the gate judged (decoded, normalized, as the tool's own validator
 * returned it); a call of a refused turn fails validation with the refusal answer, which makes
 * the AI SDK treat it as invalid: no approval, no execution, no client question, no MCP request.
 * Everything else about the tool is kept.
 */
export function wrapTools<TOOLS extends ToolSet>({
  tools,
  ledger,
  owned,
  reused,
}: {
  tools: TOOLS;
  ledger: CallLedger;
  owned: OwnedSchemas;
  /** Wrapped schemas of earlier tool lists, for tools whose schema content is unchanged. */
  reused: ReusedInputSchemas;
}): TOOLS {
  rejectUnreadableSchemas(tools);
  // A copy of the set, each tool then replaced in place: a set built key by key takes a new shape
  // at each key, which cost a turn of 100 tools about 0.2M more instructions and 2,000 more cache
  // misses, most of those in the collector (bench/HISTORY.md). A set without a prototype
  // (`@ai-sdk/mcp` makes its sets with `Object.create(null)`) is a dictionary object, which a
  // spread copies about five times slower than building it key by key does.
  const dictionary = Object.getPrototypeOf(tools) === null;
  const wrapped: Record<string, Tool> = dictionary ? {} : { ...tools };
  const source: Record<string, Tool> = dictionary ? tools : wrapped;
  for (const name of Object.keys(source)) {
    const tool = source[name] as Tool;
    const original = asSchema(tool.inputSchema as FlexibleSchema<unknown>);
    const inputSchema =
      reused.schemaFor(name, original) ?? gateInputSchema({ tool, original, ledger, owned });
    const wrappedTool = { ...tool, inputSchema } as Tool;
    guardRevivedCalls({ tool, wrappedTool, ledger });
    defineOwn(wrapped, name, wrappedTool);
  }
  return wrapped as TOOLS;
}

/**
 * A second line behind the validation: an app that passes its own `repairToolCall` (not through
 * `gate.repairToolCall`) is handed the refused calls, and whatever it returns is validated as an
 * input the gate never judged, like an approved call resumed from history. Such an input, for a
 * call id the gate refused within the last minute, is not run: `execute` throws the refusal
 * (the SDK reports it as the call's error) and no approval is asked for it. Sets the guarded
 * `execute` and `needsApproval` on the wrapped tool (a copy the gate owns).
 */
function guardRevivedCalls({
  tool,
  wrappedTool,
  ledger,
}: {
  tool: Tool;
  wrappedTool: Tool;
  ledger: CallLedger;
}): void {
  const { execute, needsApproval } = tool;
  if (execute !== undefined) {
    wrappedTool.execute = ((input: unknown, options: { toolCallId: string }) => {
      const refusal = revivedRefusal(ledger, input, options.toolCallId);
      if (refusal !== undefined) {
        throw new ToolRefusalError({ toolRefusal: refusal.code, answer: refusal.answer });
      }
      return (execute as (input: unknown, options: unknown) => unknown)(input, options);
    }) as Tool['execute'];
  }
  if (needsApproval !== undefined && needsApproval !== false) {
    wrappedTool.needsApproval = (async (input: unknown, options: { toolCallId: string }) => {
      if (revivedRefusal(ledger, input, options.toolCallId) !== undefined) return false;
      return typeof needsApproval === 'function'
        ? (needsApproval as (input: unknown, options: unknown) => unknown)(input, options)
        : needsApproval;
    }) as Tool['needsApproval'];
  }
}

function revivedRefusal(ledger: CallLedger, input: unknown, toolCallId: string) {
  return ledger.isJudged(input) ? undefined : ledger.refusedIdOf(toolCallId);
}
