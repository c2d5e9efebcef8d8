import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRecord } from '../schema/is-record.ts';
import type { ToolSourceSpec } from './audit-options.ts';
import type { AuditedTool } from './audit-tools.ts';

/**
 * A source that cannot be read: a missing file, a module without a ToolSet, an MCP server that
 * fails. Its message names the source first.
 */
export class ToolSourceError extends Error {
  override readonly name = 'ToolSourceError';

  constructor({ source, message, cause }: { source: string; message: string; cause?: unknown }) {
    super(`${source}: ${message}`, { cause });
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
    if (error instanceof ToolSourceError) throw error;
    throw new ToolSourceError({
      source: name,
      message: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

/**
 * Tools from parsed JSON: an array of tools, `{ tools: [...] }` (an MCP `tools/list` result or an
 * OpenAI request body), or an object of JSON Schemas by tool name.
 */
function toolsFromJson(value: unknown, source: string): AuditedTool[] {
  const list = isRecord(value) && Array.isArray(value.tools) ? value.tools : value;
  if (Array.isArray(list)) {
    return list.map((entry, index) => {
      const tool = isRecord(entry) && isRecord(entry.function) ? entry.function : entry;
      if (!isRecord(tool) || typeof tool.name !== 'string') {
        throw new ToolSourceError({
          source,
          message: `tool ${index} has no "name"; each tool needs a name and an inputSchema.`,
        });
      }
      const schema = tool.inputSchema ?? tool.input_schema ?? tool.parameters;
      if (!isRecord(schema)) {
        throw new ToolSourceError({
          source,
          message: `tool "${tool.name}" has no inputSchema (or input_schema, parameters) object.`,
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
    message: `expected an array of tools, { "tools": [...] }, or an object of JSON Schemas by tool name.`,
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
      message: `no ToolSet in the export ${names.map((n) => `"${n}"`).join(' or ')}; the exports are ${
        Object.keys(imported)
          .map((n) => `"${n}"`)
          .join(', ') || 'none'
      }.`,
    });
  }
  return toolsFromToolSet(imported[found] as Record<string, unknown>, source);
}

/** Tools from an AI SDK ToolSet: each tool's input schema as JSON Schema, as the SDK would send it. */
async function toolsFromToolSet(
  toolSet: Record<string, unknown>,
  source: string,
): Promise<AuditedTool[]> {
  const { asSchema } = await import('ai');
  const tools: AuditedTool[] = [];
  for (const [name, tool] of Object.entries(toolSet)) {
    if (!isRecord(tool)) {
      throw new ToolSourceError({ source, message: `"${name}" is not a tool.` });
    }
    if (tool.type === 'provider') {
      tools.push({ name, source, inputSchema: undefined });
      continue;
    }
    if (tool.inputSchema === undefined) {
      throw new ToolSourceError({
        source,
        message: `tool "${name}" has no inputSchema.`,
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
      message: `auditing an MCP server needs @ai-sdk/mcp; install it with npm install -D @ai-sdk/mcp.`,
      cause: error,
    });
  }
  let server: ServerProcess | undefined;
  let transport: Parameters<typeof mcp.createMCPClient>[0]['transport'];
  if (source.kind === 'mcp-http') {
    transport = { type: 'http', url: source.url };
  } else {
    const { StdioMCPTransport } = await import('@ai-sdk/mcp/mcp-stdio');
    server = new ServerProcess();
    transport = server.watch(
      new StdioMCPTransport({ command: source.command, args: [...source.args], stderr: 'pipe' }),
    );
  }
  let client: Awaited<ReturnType<typeof mcp.createMCPClient>> | undefined;
  try {
    client = await mcp.createMCPClient({ transport, clientName: 'toolgate-audit' });
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
  } catch (error) {
    // The client may fail (a broken pipe) a moment before the child's exit is reported.
    const death = await server?.describeDeath({ waitMs: 1000 });
    if (death === undefined) throw error;
    throw new ToolSourceError({ source: name, message: death, cause: error });
  } finally {
    await client?.close();
  }
}

/** Lines of a dead server's stderr shown, at most, and characters kept of each. */
const stderrLines = 20;
const stderrLineLength = 200;

/**
 * The child process of a stdio MCP server, watched for how it ends: its exit status and the tail
 * of its stderr, so a server that dies says why instead of the client's "Connection closed".
 */
class ServerProcess {
  private tail: string[] = [];
  private partial = '';
  private child: ChildProcess | undefined;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  /**
   * Hooks into the transport's child once it is spawned. `StdioMCPTransport` keeps the child in
   * its `process` field and offers no other way to it; without that field, nothing is watched.
   */
  watch<T extends { start(): Promise<void> }>(transport: T): T {
    const start = transport.start.bind(transport);
    transport.start = async () => {
      await start();
      const child = (transport as { process?: ChildProcess }).process;
      this.child = child;
      child?.stderr?.setEncoding('utf8');
      child?.stderr?.on('data', (chunk: string) => this.append(chunk));
      child?.on('exit', (code, signal) => {
        this.exit = { code, signal };
      });
    };
    return transport;
  }

  /**
   * How the server ended and what it last wrote to stderr, waiting up to `waitMs` for it to end;
   * `undefined` when it still runs.
   */
  async describeDeath({ waitMs }: { waitMs: number }): Promise<string | undefined> {
    if (this.exit === undefined && this.child !== undefined) {
      const child = this.child;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        once(child, 'exit'),
        new Promise((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    }
    if (this.exit === undefined) return undefined;
    const { code, signal } = this.exit;
    const how = signal !== null ? `was ended by ${signal}` : `exited with status ${code}`;
    const lines = [...this.tail, ...(this.partial === '' ? [] : [this.partial])].slice(
      -stderrLines,
    );
    if (lines.length === 0)
      return `the server ${how} before it listed its tools, and wrote nothing to stderr.`;
    const shown = lines.map((line) =>
      line.length > stderrLineLength ? `${line.slice(0, stderrLineLength)}…` : line,
    );
    return `the server ${how} before it listed its tools. The end of its stderr:\n${shown.map((line) => `  | ${line}`).join('\n')}`;
  }

  private append(chunk: string): void {
    const lines = (this.partial + chunk).split(/\r?\n/);
    this.partial = lines.pop() ?? '';
    // Blank lines say nothing and would push the lines that do out of the tail.
    this.tail.push(...lines.filter((line) => line.trim() !== ''));
    if (this.tail.length > stderrLines) this.tail.splice(0, this.tail.length - stderrLines);
  }
}
