import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolSourceSpec } from './audit-options.ts';
import type { AuditedTool } from './audit-tools.ts';

const marker = Symbol.for('toolgate.error.ToolSourceError');

/** A source that cannot be read: a missing file, a module without a ToolSet, an MCP server that fails. */
export class ToolSourceError extends Error {
  readonly [marker] = true;
  override readonly name = 'ToolSourceError';
  readonly source: string;

  constructor({ source, message, cause }: { source: string; message: string; cause?: unknown }) {
    super(message, { cause });
    this.source = source;
  }

  static isInstance(error: unknown): error is ToolSourceError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

/** How a source is named in the report. */
export function describeSource(source: ToolSourceSpec): string {
  switch (source.kind) {
    case 'json':
    case 'module':
      return source.path;
    case 'mcp-http':
      return source.url;
    case 'mcp-stdio':
      return [source.command, ...source.args].join(' ');
  }
}

/** Reads the tools of one source. Throws {@link ToolSourceError} with a sentence saying what failed. */
export async function loadTools(source: ToolSourceSpec): Promise<AuditedTool[]> {
  const name = describeSource(source);
  try {
    switch (source.kind) {
      case 'json':
        return toolsFromJson(JSON.parse(await readFile(source.path, 'utf8')), name);
      case 'module':
        return await toolsFromModule(source.path, source.exportName, name);
      case 'mcp-http':
      case 'mcp-stdio':
        return await toolsFromMcp(source, name);
    }
  } catch (error) {
    if (ToolSourceError.isInstance(error)) throw error;
    throw new ToolSourceError({
      source: name,
      message: `${name}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

/**
 * Tools from parsed JSON: an array of tools, `{ tools: [...] }` (an MCP `tools/list` result or an
 * OpenAI request body), or an object of JSON Schemas by tool name.
 */
export function toolsFromJson(value: unknown, source: string): AuditedTool[] {
  const list = isRecord(value) && Array.isArray(value.tools) ? value.tools : value;
  if (Array.isArray(list)) {
    return list.map((entry, index) => {
      const tool = isRecord(entry) && isRecord(entry.function) ? entry.function : entry;
      if (!isRecord(tool) || typeof tool.name !== 'string') {
        throw new ToolSourceError({
          source,
          message: `${source}: tool ${index} has no "name"; each tool needs a name and an inputSchema.`,
        });
      }
      const schema = tool.inputSchema ?? tool.input_schema ?? tool.parameters;
      if (!isRecord(schema)) {
        throw new ToolSourceError({
          source,
          message: `${source}: tool "${tool.name}" has no inputSchema (or input_schema, parameters) object.`,
        });
      }
      return { name: tool.name, source, inputSchema: schema };
    });
  }
  if (isRecord(list) && Object.keys(list).length > 0 && Object.values(list).every(isRecord)) {
    return Object.entries(list).map(([name, schema]) => ({ name, source, inputSchema: schema }));
  }
  throw new ToolSourceError({
    source,
    message: `${source}: expected an array of tools, { "tools": [...] }, or an object of JSON Schemas by tool name.`,
  });
}

async function toolsFromModule(
  path: string,
  exportName: string | undefined,
  source: string,
): Promise<AuditedTool[]> {
  const imported = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  const names = exportName === undefined ? ['default', 'tools'] : [exportName];
  const found = names.find((name) => isRecord(imported[name]));
  if (found === undefined) {
    throw new ToolSourceError({
      source,
      message: `${source}: no ToolSet in the export ${names.map((n) => `"${n}"`).join(' or ')}; the exports are ${
        Object.keys(imported)
          .map((n) => `"${n}"`)
          .join(', ') || 'none'
      }.`,
    });
  }
  return toolsFromToolSet(imported[found] as Record<string, unknown>, source);
}

/** Tools from an AI SDK ToolSet: each tool's input schema as JSON Schema, as the SDK would send it. */
export async function toolsFromToolSet(
  toolSet: Record<string, unknown>,
  source: string,
): Promise<AuditedTool[]> {
  const { asSchema } = await import('ai');
  const tools: AuditedTool[] = [];
  for (const [name, tool] of Object.entries(toolSet)) {
    if (!isRecord(tool)) {
      throw new ToolSourceError({ source, message: `${source}: "${name}" is not a tool.` });
    }
    if (tool.type === 'provider') {
      tools.push({ name, source, inputSchema: undefined });
      continue;
    }
    if (tool.inputSchema === undefined) {
      throw new ToolSourceError({
        source,
        message: `${source}: tool "${name}" has no inputSchema.`,
      });
    }
    const schema = asSchema(tool.inputSchema as Parameters<typeof asSchema>[0]);
    tools.push({ name, source, inputSchema: await schema.jsonSchema });
  }
  return tools;
}

async function toolsFromMcp(
  source: Extract<ToolSourceSpec, { kind: 'mcp-http' | 'mcp-stdio' }>,
  name: string,
): Promise<AuditedTool[]> {
  let mcp: typeof import('@ai-sdk/mcp');
  try {
    mcp = await import('@ai-sdk/mcp');
  } catch (error) {
    throw new ToolSourceError({
      source: name,
      message: `${name}: auditing an MCP server needs @ai-sdk/mcp; install it with npm install -D @ai-sdk/mcp.`,
      cause: error,
    });
  }
  const transport =
    source.kind === 'mcp-http'
      ? { type: 'http' as const, url: source.url }
      : new (await import('@ai-sdk/mcp/mcp-stdio')).StdioMCPTransport({
          command: source.command,
          args: [...source.args],
          stderr: 'ignore',
        });
  const client = await mcp.createMCPClient({ transport, clientName: 'toolgate-audit' });
  try {
    const tools: AuditedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { params: { cursor } });
      for (const tool of page.tools) {
        tools.push({ name: tool.name, source: name, inputSchema: tool.inputSchema });
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  } finally {
    await client.close();
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
