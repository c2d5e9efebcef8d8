import type { ToolSet } from 'ai';
import { describeLiteral } from '../../checker/describe-value.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import { schemaSymbol } from '../tools/reject-unreadable-schemas.ts';
import { asOptionError, InvalidGateOptionError } from './invalid-gate-option-error.ts';
import { brokenField, type FieldRule, isPlainRecord } from './option-rules.ts';

const isFunction = (value: unknown) => typeof value === 'function';

/** The fields of a tool the AI SDK reads by their kind; each may be left out. */
const toolRules: Readonly<Record<string, FieldRule>> = {
  type: {
    expected: "'function', 'dynamic' or 'provider'",
    fits: (value) => value === 'function' || value === 'dynamic' || value === 'provider',
  },
  execute: { expected: 'a function', fits: isFunction },
  needsApproval: {
    expected: 'true, false or a function',
    fits: (value) => typeof value === 'boolean' || isFunction(value),
  },
};

/**
 * Checks a tool set, given to `toolGate` or to `gate.wrapTools`: an object of tools by name (not a
 * `Map`, a list or a promise of one), each tool an object whose `inputSchema` the AI SDK can read
 * and whose `type`, `execute` and `needsApproval` are what the SDK expects. Reads only what it
 * checks, never a schema's content, so wrapping per request stays cheap.
 */
export function validateToolSet(
  tools: unknown,
  {
    readGetters = false,
  }: {
    /**
     * Whether a tool behind a getter is read and checked too. Off for `gate.wrapTools`, which
     * reads each tool of a set once; such a tool is then checked by nothing but its wrapping.
     */
    readGetters?: boolean;
  } = {},
): asserts tools is ToolSet {
  let toolName: string | undefined;
  try {
    if (!isPlainRecord(tools)) {
      throw new InvalidGateOptionError({
        option: 'tools',
        message: `expected an object of tools by name, e.g. { weather: tool({ … }) }; got ${toolSetMistake(tools)}.`,
      });
    }
    for (toolName of Object.keys(tools)) {
      if (readGetters) {
        const tool = tools[toolName];
        checkTool(toolName, tool);
        // Read as the wrapping reads it, so a getter of the tool that throws is reported here.
        ({ ...(tool as object) });
        continue;
      }
      const property = Object.getOwnPropertyDescriptor(tools, toolName);
      if (property !== undefined && 'value' in property) checkTool(toolName, property.value);
    }
  } catch (error) {
    throw asOptionError({ option: 'tools', toolName }, error);
  }
}

/** What was given instead of a tool set, with the fix where the mistake is a common one. */
function toolSetMistake(tools: unknown): string {
  if (tools instanceof Map) return 'a Map; pass Object.fromEntries(map)';
  if (isPromiseLike(tools)) return 'a promise; await it first (e.g. await mcpClient.tools())';
  if (Array.isArray(tools)) return 'a list; give each tool a name as its key';
  return describeLiteral(tools);
}

function checkTool(toolName: string, tool: unknown): void {
  const mistake = (message: string, path?: string) =>
    new InvalidGateOptionError({ option: 'tools', toolName, path, message });
  if (!isPlainRecord(tool)) {
    throw mistake(
      `expected a tool, e.g. tool({ inputSchema, execute }); got ${describeLiteral(tool)}.`,
    );
  }
  const broken = brokenField(tool, toolRules);
  if (broken !== undefined) {
    throw mistake(
      `expected ${broken.rule.expected}; got ${describeLiteral(broken.value)}.`,
      broken.field,
    );
  }
  if (tool.type === 'provider' && typeof tool.id !== 'string') {
    throw mistake(
      'a provider-defined tool needs its id, a string such as "openai.web_search".',
      'id',
    );
  }
  const schemaProblem = findSchemaProblem(tool.inputSchema);
  if (schemaProblem !== undefined) throw mistake(schemaProblem, 'inputSchema');
}

/** What keeps a tool's `inputSchema` from being one the AI SDK's `asSchema` reads. */
function findSchemaProblem(schema: unknown): string | undefined {
  // No schema is read as "no parameters"; a function is a lazy schema, called when first read.
  if (schema === undefined || schema === null) return undefined;
  if (typeof schema === 'object' && schemaSymbol in schema) {
    const { validate } = schema as { validate?: unknown };
    return validate === undefined || isFunction(validate)
      ? undefined
      : `its validate must be a function; got ${describeLiteral(validate)}.`;
  }
  if ((typeof schema === 'object' || typeof schema === 'function') && '~standard' in schema) {
    const standard = (schema as { '~standard': unknown })['~standard'];
    if (typeof standard !== 'object' || standard === null) {
      return `its ~standard must be a Standard Schema object; got ${describeLiteral(standard)}.`;
    }
    const { vendor, validate, jsonSchema } = standard as Record<string, unknown>;
    if (!isFunction(validate)) return 'its ~standard.validate must be a function.';
    if (vendor !== 'zod' && (jsonSchema === undefined || jsonSchema === null)) {
      return `the AI SDK cannot turn this Standard Schema (vendor ${describeLiteral(vendor)}) into JSON Schema: it has no ~standard.jsonSchema; give the tool jsonSchema(…) or a schema of a library that converts.`;
    }
    return undefined;
  }
  if (isFunction(schema)) return undefined;
  if (isPlainRecord(schema)) {
    return 'a plain object is not a schema; wrap JSON Schema in jsonSchema({ … }).';
  }
  return `expected a schema (zod, a Standard Schema, or jsonSchema({ … })); got ${describeLiteral(schema)}.`;
}
