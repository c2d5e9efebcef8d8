import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTools, ToolSourceError } from './load-tools.ts';

const fixtures = fileURLToPath(new URL('../../test/cli/fixtures/', import.meta.url));
const schema = { type: 'object', properties: { id: { type: 'string' } } };

async function sourceError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolSourceError) return error.message.replace(fixtures, '<fixtures>/');
    throw error;
  }
  throw new Error('expected a ToolSourceError');
}

const jsonDirectory = mkdtempSync(join(tmpdir(), 'toolgate-load-tools-'));
afterAll(() => rmSync(jsonDirectory, { recursive: true, force: true }));

/** The tools of a JSON file holding `value`, named `tools.json`. */
function toolsOfJson(value: unknown) {
  const path = join(mkdtempSync(join(jsonDirectory, 'case-')), 'tools.json');
  writeFileSync(path, JSON.stringify(value));
  return loadTools({ kind: 'json', path }).then((tools) =>
    tools.map((tool) => ({ ...tool, source: 'tools.json' })),
  );
}

const jsonError = (value: unknown) =>
  sourceError(toolsOfJson(value)).then((message) => message.replace(/^.*tools\.json: /, ''));

describe('loadTools from a JSON file', () => {
  it('should read an array of tools under any of the usual schema keys', async () => {
    const tools = await toolsOfJson([
      { name: 'a', inputSchema: schema },
      { name: 'b', input_schema: schema },
      { type: 'function', function: { name: 'c', parameters: schema } },
    ]);
    expect(tools).toEqual([
      { name: 'a', source: 'tools.json', inputSchema: schema },
      { name: 'b', source: 'tools.json', inputSchema: schema },
      { name: 'c', source: 'tools.json', inputSchema: schema },
    ]);
  });

  it('should read an MCP tools/list result and an object of schemas by name', async () => {
    expect(await toolsOfJson({ tools: [{ name: 'a', inputSchema: schema }] })).toHaveLength(1);
    expect((await toolsOfJson({ a: schema, b: schema })).map((tool) => tool.name)).toEqual([
      'a',
      'b',
    ]);
  });

  it('should say what is wrong with a file it cannot read', async () => {
    expect(await jsonError([{ inputSchema: schema }])).toBe(
      'tool 0 has no "name"; each tool needs a name and an inputSchema.',
    );
    expect(await jsonError([{ name: 'a' }])).toBe(
      'tool "a" has no inputSchema (or input_schema, parameters) object.',
    );
    expect(await jsonError('tools')).toBe(
      'expected an array of tools, { "tools": [...] }, or an object of JSON Schemas by tool name.',
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
