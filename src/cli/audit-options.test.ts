import { describe, expect, it } from 'vitest';
import {
  cerebrasProfile,
  llamacppProfile,
  openaiProfile,
  profileNamed,
  profileNames,
  vllmProfile,
  xaiProfile,
} from '../decode/index.ts';
import { CliUsageError, parseAuditArguments } from './audit-options.ts';

function usageError(argv: string[]): string {
  try {
    parseAuditArguments(argv);
  } catch (error) {
    if (error instanceof CliUsageError) return error.message;
    throw error;
  }
  throw new Error('expected a usage error');
}

describe('parseAuditArguments', () => {
  it('should read files, modules and MCP servers in order, with providers by name or id', () => {
    const options = parseAuditArguments([
      'tools.json',
      '--mcp',
      'http://127.0.0.1:3000/mcp',
      'src/tools.ts',
      '--mcp-stdio=npx -y server-memory',
      '--provider',
      'cerebras,openai.responses',
      '--json',
    ]);
    expect(options?.sources).toEqual([
      { kind: 'json', path: 'tools.json' },
      { kind: 'mcp-http', url: 'http://127.0.0.1:3000/mcp' },
      { kind: 'module', path: 'src/tools.ts' },
      { kind: 'mcp-stdio', command: 'npx', args: ['-y', 'server-memory'] },
    ]);
    expect(options?.profiles).toEqual([cerebrasProfile, openaiProfile]);
    expect(options?.json).toBe(true);
  });

  it('should default to every profile of the table that converts', () => {
    const profiles = parseAuditArguments(['tools.json'])?.profiles ?? [];
    expect(profiles.length).toBeGreaterThan(0);
    expect(profiles.every((profile) => profile.strictTools)).toBe(true);
    expect(profiles).toContain(openaiProfile);
  });

  it('should accept every profile name the library accepts, the opt-in ones included', () => {
    for (const name of profileNames) {
      const profiles = parseAuditArguments(['t.json', '--provider', name])?.profiles;
      expect(profiles).toHaveLength(1);
      expect(profiles?.[0]).toBe(profileNamed(name));
    }
    expect(parseAuditArguments(['t.json', '--provider', 'xai,vllm,llamacpp'])?.profiles).toEqual([
      xaiProfile,
      vllmProfile,
      llamacppProfile,
    ]);
  });

  it('should hand the export name to module sources', () => {
    expect(parseAuditArguments(['a.mjs', '--export', 'gateTools'])?.sources).toEqual([
      { kind: 'module', path: 'a.mjs', exportName: 'gateTools' },
    ]);
  });

  it('should return undefined for help', () => {
    expect(parseAuditArguments(['tools.json', '--help'])).toBeUndefined();
  });

  it('should explain each mistake in one sentence', () => {
    expect(usageError([])).toMatchInlineSnapshot(
      `"No tools to audit: name a JSON file or a module, or an MCP server with --mcp or --mcp-stdio."`,
    );
    expect(usageError(['t.json', '--provider', 'anthropik'])).toMatch(
      /^Unknown provider "anthropik"\. Known profiles: openai, .*cerebras/,
    );
    expect(usageError(['t.json', '--provider'])).toBe('--provider needs a value.');
    expect(usageError(['t.json', '--provider', '--json'])).toBe('--provider needs a value.');
    expect(usageError(['t.json', '--provider', ' , '])).toBe(
      '--provider needs at least one profile name.',
    );
    expect(usageError(['t.json', '--provider=openai', '--provider=cerebras'])).toBe(
      '--provider is given twice; list the profiles comma-separated.',
    );
    expect(usageError(['t.json', '--verbose'])).toBe(
      'Unknown option --verbose. Run toolgate audit --help.',
    );
    expect(usageError(['--mcp', 'localhost:3000'])).toBe(
      '--mcp needs an http:// or https:// URL, not "localhost:3000".',
    );
    expect(usageError(['--mcp', 'ftp://host/mcp'])).toBe(
      '--mcp needs an http:// or https:// URL, not "ftp://host/mcp".',
    );
    expect(usageError(['http://127.0.0.1/mcp'])).toBe(
      '"http://127.0.0.1/mcp" is a URL; for an MCP server write --mcp http://127.0.0.1/mcp.',
    );
    expect(usageError(['tools.yaml'])).toBe(
      '"tools.yaml" is neither a .json file nor a module (.ts, .mts, .js, .mjs, .cjs).',
    );
    expect(usageError(['t.json', '--export', 'tools'])).toBe(
      '--export applies to module sources, and none was given.',
    );
    expect(usageError(['--mcp-stdio', ' '])).toBe('--mcp-stdio needs a command.');
  });
});
