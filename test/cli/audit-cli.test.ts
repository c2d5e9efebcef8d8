/**
 * The `toolgate` bin as a user runs it: a child process on Node, reading a JSON file, a ToolSet
 * module, and a real MCP server (`@modelcontextprotocol/sdk`) over stdio and Streamable HTTP.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = 'src/cli/toolgate.ts';
const server = 'test/cli/fixtures/mcp-server.ts';

type Run = { code: number | null; stdout: string; stderr: string };

function toolgate(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : (error.code as number), stdout, stderr });
    });
  });
}

describe('toolgate audit', () => {
  let http: ChildProcess;
  let url: string;

  beforeAll(async () => {
    http = spawn(process.execPath, [server, '--http'], { cwd: root });
    const [chunk] = (await once(http.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    url = chunk.toString().trim();
  });

  afterAll(() => {
    http.kill();
  });

  it('should audit an MCP server started over stdio, and exit 1 for a tool that cannot be strict', async () => {
    const run = await toolgate(
      'audit',
      '--mcp-stdio',
      `node ${server}`,
      '--provider',
      'openai',
      '--details',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatchInlineSnapshot(`
      "openai
        strict       lookup  1 placeholder, dropped: maxLength
        NOT STRICT   pin     "/properties/at" is a tuple (a schema per position), which strict mode does not accept

      lookup
        openai:
          (arguments): closed: names it does not list are refused (additionalProperties: false)
          id: maxLength 64 left out (strict mode does not take it); the description says "At most 64 characters."
          verbose: null added as a placeholder: a null means left out

      pin
        openai:
          ! sent without strict: the openai decoder does not enforce its schema

      Audit failed: tools that cannot be sent strict: 1 under openai.
      "
    `);
  });

  it('should audit an MCP server over Streamable HTTP, as JSON', async () => {
    const run = await toolgate('audit', '--mcp', url, '--provider', 'openai,cerebras', '--json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.profiles).toEqual(['openai', 'cerebras']);
    expect(
      report.rows.map((row: { profile: string; tool: string; outcome: string }) =>
        [row.profile, row.tool, row.outcome].join(' '),
      ),
    ).toEqual([
      'openai lookup strict',
      'openai pin not-strict',
      'cerebras lookup not-strict',
      'cerebras pin not-strict',
    ]);
    expect(report.rows[0].source).toBe(url);
    expect(report.ok).toBe(false);
  });

  it('should exit 0 when every tool can be sent strict', async () => {
    const run = await toolgate('audit', 'test/cli/fixtures/toolset.ts', '--provider=openai');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('strict       archive  unchanged');
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      'Every tool can be sent as each profile needs.',
    );
  });

  it('should exit 2 with one sentence for a usage or loading error', async () => {
    expect(await toolgate('audit', 'tools.json', '--provider', 'nope')).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^toolgate audit: Unknown provider "nope"\./),
    });
    expect(await toolgate('audit', '--mcp-stdio', 'node no-such-server.js')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^toolgate audit: node no-such-server\.js: the server exited with status 1 before it listed its tools\. The end of its stderr:\n(.|\n)*Cannot find module/,
      ),
    });
    expect(await toolgate('lint')).toMatchObject({ code: 2, stderr: /Unknown command "lint"/ });
  });

  it('should fail on a per-request budget only for a profile named, or with --fail-on-budget', async () => {
    // 21 tools: one more than Anthropic and Bedrock take strict in one request.
    const tools = Object.fromEntries(
      Array.from({ length: 21 }, (_, index) => [
        `tool${index + 1}`,
        { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      ]),
    );
    const directory = await mkdtemp(join(tmpdir(), 'toolgate-audit-'));
    const file = join(directory, 'tools.json');
    await writeFile(file, JSON.stringify(tools));
    const audit = async (...args: string[]) => {
      let stdout = '';
      const code = await runCli(['audit', file, ...args], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => true },
      });
      return { code, stdout };
    };
    try {
      const byDefault = await audit();
      expect(byDefault.code).toBe(0);
      expect(byDefault.stdout).toContain(
        '  ! 1 sent without strict when all are offered together (costliest first): tool1\n',
      );
      expect(byDefault.stdout.trim().split('\n').slice(-2)).toEqual([
        'Every tool can be sent as each profile needs.',
        'Not counted against the audit: the request budget of anthropic, amazon-bedrock, passed when all these tools are offered together (name the profile with --provider, or add --fail-on-budget, to count it).',
      ]);
      expect((await audit('--fail-on-budget')).code).toBe(1);
      const named = await audit('--provider', 'anthropic');
      expect(named.code).toBe(1);
      expect(named.stdout.trim().split('\n').at(-1)).toBe(
        'Audit failed: request budget exceeded under anthropic.',
      );
      expect((await audit('--provider', 'openai')).code).toBe(0);
    } finally {
      await rm(directory, { recursive: true });
    }
  });

  it('should print the version of the package it belongs to', async () => {
    const { version } = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
    expect(await toolgate('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('should show progress on a terminal when it reads several sources', async () => {
    const written: string[] = [];
    const stderr = { isTTY: true, write: (text: string) => written.push(text) };
    const stdout = { write: () => true };
    const sources = ['test/cli/fixtures/tools.json', 'test/cli/fixtures/toolset.ts'];
    const code = await runCli(['audit', ...sources.map((path) => `${root}${path}`)], {
      stdout,
      stderr,
    });
    expect(code).toBe(1);
    expect(written.map((text) => text.replace(root, ''))).toEqual([
      '\r\x1b[K[1/2] test/cli/fixtures/tools.json',
      '\r\x1b[K[2/2] test/cli/fixtures/toolset.ts',
      '\r\x1b[K',
    ]);
    written.length = 0;
    await runCli(['audit', ...sources.map((path) => `${root}${path}`)], {
      stdout,
      stderr: { write: (text: string) => written.push(text) },
    });
    expect(written).toEqual([]);
  });
});
