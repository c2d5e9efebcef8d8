import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTools, ToolSourceError, toolsFromJson } from './load-tools.ts';

const fixtures = fileURLToPath(new URL('../../test/cli/fixtures/', import.meta.url));
const schema = { type: 'object', properties: { id: { type: 'string' } } };

async function sourceError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (ToolSourceError.isInstance(error)) return error.message.replace(fixtures, '<fixtures>/');
    throw error;
  }
  throw new Error('expected a ToolSourceError');
}

describe('toolsFromJson', () => {
  it('should read an array of tools under any of the usual schema keys', () => {
    const tools = toolsFromJson(
      [
        { name: 'a', inputSchema: schema },
        { name: 'b', input_schema: schema },
        { type: 'function', function: { name: 'c', parameters: schema } },
      ],
      'tools.json',
    );
    expect(tools).toEqual([
      { name: 'a', source: 'tools.json', inputSchema: schema },
      { name: 'b', source: 'tools.json', inputSchema: schema },
      { name: 'c', source: 'tools.json', inputSchema: schema },
    ]);
  });

  it('should read an MCP tools/list result and an object of schemas by name', () => {
    expect(toolsFromJson({ tools: [{ name: 'a', inputSchema: schema }] }, 's')).toHaveLength(1);
    expect(toolsFromJson({ a: schema, b: schema }, 's').map((tool) => tool.name)).toEqual([
      'a',
      'b',
    ]);
  });

  it('should say what is wrong with a file it cannot read', () => {
    expect(() => toolsFromJson([{ inputSchema: schema }], 's')).toThrow(
      's: tool 0 has no "name"; each tool needs a name and an inputSchema.',
    );
    expect(() => toolsFromJson([{ name: 'a' }], 's')).toThrow(
      's: tool "a" has no inputSchema (or input_schema, parameters) object.',
    );
    expect(() => toolsFromJson('tools', 's')).toThrow(
      's: expected an array of tools, { "tools": [...] }, or an object of JSON Schemas by tool name.',
    );
  });
});

describe('loadTools', () => {
  it('should read a ToolSet module with zod and jsonSchema tools as the SDK would send them', async () => {
    const tools = await loadTools({ kind: 'module', path: `${fixtures}toolset.ts` });
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'archive']);
    expect(tools[0]?.inputSchema).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string', maxLength: 200 }, limit: { type: 'integer' } },
      required: ['query'],
    });
  });

  it('should name the exports when the ToolSet is not where it looks', async () => {
    expect(
      await sourceError(
        loadTools({ kind: 'module', path: `${fixtures}toolset.ts`, exportName: 'nope' }),
      ),
    ).toBe('<fixtures>/toolset.ts: no ToolSet in the export "nope"; the exports are "tools".');
  });

  it('should report a missing file and invalid JSON as a source error', async () => {
    expect(await sourceError(loadTools({ kind: 'json', path: 'missing.json' }))).toMatch(
      /^missing\.json: ENOENT/,
    );
    expect(
      await sourceError(loadTools({ kind: 'json', path: `${fixtures}toolset.ts.json` })),
    ).toMatch(/toolset\.ts\.json: ENOENT/);
  });
});

describe('loadTools over stdio', () => {
  it('should say how a server that dies ended, with the end of its stderr', async () => {
    const message = await sourceError(
      loadTools({
        kind: 'mcp-stdio',
        command: process.execPath,
        args: [`${fixtures}dying-server.ts`],
      }),
    );
    expect(message.replace(process.execPath, 'node')).toMatchInlineSnapshot(`
      "node <fixtures>/dying-server.ts: the server exited with status 3 before it listed its tools. The end of its stderr:
        | loading plugin 12
        | loading plugin 13
        | loading plugin 14
        | loading plugin 15
        | loading plugin 16
        | loading plugin 17
        | loading plugin 18
        | loading plugin 19
        | loading plugin 20
        | loading plugin 21
        | loading plugin 22
        | loading plugin 23
        | loading plugin 24
        | loading plugin 25
        | loading plugin 26
        | loading plugin 27
        | loading plugin 28
        | loading plugin 29
        | loading plugin 30
        | Error: GITHUB_TOKEN is not set"
    `);
  });
});
