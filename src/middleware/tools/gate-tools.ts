import { asSchema, type FlexibleSchema, type Tool, type ToolSet } from 'ai';
import { defineOwn } from '../../schema/define-own.ts';
import type { PreparedStore } from '../../store/prepared-store.ts';
import { GateWiringError } from '../gate-wiring-error.ts';
import { asOptionError } from '../options/invalid-gate-option-error.ts';
import { validateToolSet } from '../options/validate-tool-set.ts';
import type { CallLedger } from './call-ledger.ts';
import {
  gateInputSchema,
  type SchemaWiring,
  type UnjudgedValidation,
} from './gate-input-schema.ts';
import type { OwnedSchemas } from './owned-schemas.ts';
import { rejectUnreadableSchemas } from './reject-unreadable-schemas.ts';
import { resumesApprovedCall } from './resumed-approval.ts';
import type { ReusedInputSchemas } from './reused-input-schemas.ts';
import { UnreadableSchemaError } from './unreadable-schema-error.ts';

/** What every tool a gate wraps shares with the gate. */
export type GateToolsContext = {
  readonly ledger: CallLedger;
  readonly owned: OwnedSchemas;
  /** Judges one input the middleware did not hand on, as a call of its own. */
  readonly judgeAlone: (options: {
    toolName: string;
    schema: unknown;
    tool: Tool | undefined;
    input: unknown;
  }) => Promise<UnjudgedValidation>;
  /** Tells the app, once, that calls reach its tools unjudged. */
  readonly warnUnjudged: (toolName: string) => void;
  /** Where the frozen copies of schema contents the gate judges by are kept. */
  readonly store: PreparedStore;
  /** Wrapped schemas of earlier tool lists, for tools whose schema content is unchanged. */
  readonly reused: ReusedInputSchemas;
};

/**
 * Wraps each tool for one gate. The wrapped tool's JSON Schema is an object the gate owns, so the
 * middleware can tell, per request, which function tools it can enforce and which validator
 * judges each one's calls, without matching by name (a schema handed out again by name and
 * content has no validator; the tool's `execute` stays its own either way). Its validation takes
 * the gate's verdict for the call: a passed call gets exactly the input the gate judged
 * (decoded, normalized, as the tool's own validator returned it); a call of a refused turn fails
 * validation with the refusal answer, which makes the AI SDK treat it as invalid: no approval,
 * no execution, no client question, no MCP request. Its hooks run nothing the middleware did not
 * judge (see {@link guardUnjudgedCalls}). Everything else about the tool is kept.
 */
export function wrapTools<TOOLS extends ToolSet>({
  tools,
  context,
}: {
  tools: TOOLS;
  context: GateToolsContext;
}): TOOLS {
  validateToolSet(tools);
  rejectUnreadableSchemas(tools);
  // A tool set whose reading throws (a getter, a revoked proxy) is the app's mistake, named as such.
  let name: string | undefined;
  try {
    // A copy of the set, each tool then replaced in place: a set built key by key takes a new shape
    // at each key, which costs a turn of many tools more work in the collector. A set without a
    // prototype (`@ai-sdk/mcp` makes its sets with `Object.create(null)`) is a dictionary object,
    // which a spread copies more slowly than building it key by key does.
    const dictionary = Object.getPrototypeOf(tools) === null;
    const wrapped: Record<string, Tool> = dictionary ? {} : { ...tools };
    const source: Record<string, Tool> = dictionary ? tools : wrapped;
    for (name of Object.keys(source)) {
      const tool = source[name] as Tool;
      const toolName = name;
      const original = asSchema(tool.inputSchema as FlexibleSchema<unknown>);
      // A schema handed out again serves later tools of that name too: it judges by its own
      // content and holds nothing of this tool.
      const inputSchema =
        (tool.execute === undefined
          ? undefined
          : context.reused.schemaFor(name, original, () => schemaWiring({ context, toolName }))) ??
        gateInputSchema({
          tool,
          original,
          wiring: schemaWiring({ context, toolName: name, tool }),
        });
      const wrappedTool = { ...tool, inputSchema } as Tool;
      if (tool.type === 'provider') {
        // A provider-defined tool is offered by id and `args`, without a schema: one the app runs
        // gets `args` the gate owns, by which the middleware knows it and hands its calls on as
        // references. One the provider runs is only observed.
        if (tool.execute === undefined) {
          defineOwn(wrapped, name, wrappedTool);
          continue;
        }
        const args = { ...tool.args };
        context.owned.set(args, { tool, schema: undefined });
        (wrappedTool as { args: unknown }).args = args;
      }
      guardUnjudgedCalls({ name, tool, wrappedTool, context });
      defineOwn(wrapped, name, wrappedTool);
    }
    return wrapped as TOOLS;
  } catch (error) {
    if (UnreadableSchemaError.isInstance(error)) throw error;
    throw asOptionError({ option: 'tools', toolName: name }, error);
  }
}

/** How a wrapped schema of this tool reaches its gate; without a tool, it runs `execute`. */
function schemaWiring({
  context,
  toolName,
  tool,
}: {
  context: GateToolsContext;
  toolName: string;
  /** The app's tool, whose validator judges too; none for a schema handed out again. */
  tool?: Tool;
}): SchemaWiring {
  return {
    toolName,
    ledger: context.ledger,
    owned: context.owned,
    store: context.store,
    warnUnjudged: context.warnUnjudged,
    validateUnjudged: unjudgedValidation({ context, toolName, tool }),
  };
}

/**
 * How a wrapped schema validates an input the middleware did not hand on: a provider-defined tool
 * the provider runs leaves it to the tool's own validator; a tool no approval resumes (no
 * `execute`) takes none; any other judges it alone.
 */
function unjudgedValidation({
  context,
  toolName,
  tool,
}: {
  context: GateToolsContext;
  toolName: string;
  tool: Tool | undefined;
}): SchemaWiring['validateUnjudged'] {
  if (tool?.execute === undefined && tool !== undefined) {
    return tool.type === 'provider' ? ({ input }) => validateAsTool(tool, input) : undefined;
  }
  return ({ schema, input }) => context.judgeAlone({ toolName, schema, tool, input });
}

/**
 * The wrapped tool's hooks hold back every input the middleware did not judge (an unwrapped
 * model, a step routed to one, a repair function outside the gate):
 * - `onInputAvailable`, which the SDK calls for each new call before it asks for approval or
 *   runs anything, throws a {@link GateWiringError}, so the request fails before any tool of
 *   the step runs;
 * - `needsApproval` raises no approval for it;
 * - `execute` runs it only as an approved call resumed from history (the conversation it is
 *   handed holds that approval, and the SDK validated it again, where the gate judged it alone).
 */
function guardUnjudgedCalls({
  name,
  tool,
  wrappedTool,
  context,
}: {
  name: string;
  tool: Tool;
  wrappedTool: Tool;
  context: GateToolsContext;
}): void {
  const { execute, needsApproval, onInputAvailable } = tool;
  const { ledger } = context;
  const unjudged = () => {
    context.warnUnjudged(name);
    return new GateWiringError({ mistake: 'unjudged-call', toolNames: [name] });
  };
  wrappedTool.onInputAvailable = (async (options: { input: unknown }) => {
    if (!ledger.isJudged(options.input)) throw unjudged();
    await (onInputAvailable as ((options: unknown) => unknown) | undefined)?.(options);
  }) as Tool['onInputAvailable'];
  if (execute !== undefined) {
    wrappedTool.execute = ((
      input: unknown,
      options: { toolCallId: string; messages?: unknown },
    ) => {
      if (
        !ledger.isJudged(input) &&
        !resumesApprovedCall({
          messages: options.messages as readonly unknown[] | undefined,
          toolCallId: options.toolCallId,
        })
      ) {
        throw unjudged();
      }
      return (execute as (input: unknown, options: unknown) => unknown)(input, options);
    }) as Tool['execute'];
  }
  if (needsApproval !== undefined && needsApproval !== false) {
    wrappedTool.needsApproval = (async (input: unknown, options: unknown) => {
      if (!ledger.isJudged(input)) return false;
      return typeof needsApproval === 'function'
        ? (needsApproval as (input: unknown, options: unknown) => unknown)(input, options)
        : needsApproval;
    }) as Tool['needsApproval'];
  }
}

/** What the tool's own validator says of an input, as the SDK would have validated it. */
async function validateAsTool(tool: Tool, input: unknown): Promise<UnjudgedValidation> {
  const schema = asSchema(tool.inputSchema as FlexibleSchema<unknown>);
  if (schema.validate === undefined) return { success: true, value: input };
  const result = await schema.validate(input);
  return result.success ? { success: true, value: result.value } : result;
}
