import {
  profileByProviderId,
  profileNames,
  profilesByName,
  type StrictProfile,
} from '../decode/provider-profiles.ts';

const marker = Symbol.for('toolgate.error.CliUsageError');

/** A command line that cannot be run: unknown option, missing value, unknown provider. */
export class CliUsageError extends Error {
  readonly [marker] = true;
  override readonly name = 'CliUsageError';

  static isInstance(error: unknown): error is CliUsageError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}

/** Where tools are read from. */
export type ToolSourceSpec =
  | { readonly kind: 'json'; readonly path: string }
  | { readonly kind: 'module'; readonly path: string; readonly exportName?: string }
  | { readonly kind: 'mcp-stdio'; readonly command: string; readonly args: readonly string[] }
  | { readonly kind: 'mcp-http'; readonly url: string };

export type AuditOptions = {
  readonly sources: readonly ToolSourceSpec[];
  readonly profiles: readonly StrictProfile[];
  readonly json: boolean;
};

export const auditUsage = `Usage: toolgate audit [sources…] [options]

Says, per tool and provider profile, whether the tool is sent strict, what the conversion changed,
the request budgets it uses, and what would make the provider answer 400.

Sources (any number, in any order):
  tools.json              a JSON file: an array of tools ({ name, inputSchema | input_schema |
                          parameters }), { "tools": [...] } (an MCP tools/list result), or
                          { "<name>": <JSON Schema> }
  tools.ts | tools.js     a module exporting an AI SDK ToolSet (the default export, else "tools";
                          pick another with --export); .ts needs Node 22.18 or newer
  --mcp <url>             an MCP server over Streamable HTTP
  --mcp-stdio "<command>" an MCP server started as a child process (split on spaces)

Options:
  --provider <names>      profiles or AI SDK provider ids, comma-separated: ${profileNames.join(', ')}
                          (default: ${defaultProfiles()
                            .map((profile) => profile.name)
                            .join(', ')})
  --export <name>         the export that holds the ToolSet, for every module source
  --json                  print the report as JSON
  -h, --help              print this text

Exit status: 0 when every tool can be sent as the profiles need; 1 when a tool cannot be sent
strict under a strict profile or a request budget is exceeded; 2 for a usage or loading error.`;

/**
 * Finds a profile by its name (`openai`, `xai`), as the library's registry has it, or by an AI SDK
 * provider id (`openai.responses`).
 */
export function resolveProfile(name: string): StrictProfile | undefined {
  if (Object.hasOwn(profilesByName, name))
    return profilesByName[name as keyof typeof profilesByName];
  if (Object.hasOwn(profileByProviderId, name)) return profileByProviderId[name];
  return undefined;
}

/**
 * The profiles audited when none is named: each one the gate picks by itself from a model's
 * provider id and converts schemas for. The opt-in ones (xai, vllm, llamacpp) are never picked so.
 */
export function defaultProfiles(): StrictProfile[] {
  return [...new Set(Object.values(profileByProviderId))].filter((profile) => profile.strictTools);
}

const moduleExtensions = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

/**
 * Reads the arguments after `toolgate audit`. Throws {@link CliUsageError} with a sentence that
 * says what to change; `undefined` means help was asked for.
 */
export function parseAuditArguments(argv: readonly string[]): AuditOptions | undefined {
  const sources: ToolSourceSpec[] = [];
  let providerList: string | undefined;
  let exportName: string | undefined;
  let json = false;
  const nextValue = (option: string, index: number): string => {
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) {
      throw new CliUsageError(`${option} needs a value.`);
    }
    return value;
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    const [option, inline] = argument.startsWith('--')
      ? splitInline(argument)
      : [argument, undefined];
    const take = (): string => {
      if (inline !== undefined) {
        if (inline === '') throw new CliUsageError(`${option} needs a value.`);
        return inline;
      }
      const value = nextValue(option, index);
      index += 1;
      return value;
    };
    switch (option) {
      case '-h':
      case '--help':
        return undefined;
      case '--json':
        json = true;
        break;
      case '--provider':
      case '--providers':
        if (providerList !== undefined) {
          throw new CliUsageError('--provider is given twice; list the profiles comma-separated.');
        }
        providerList = take();
        break;
      case '--export':
        exportName = take();
        break;
      case '--mcp':
        sources.push(httpSource(take()));
        break;
      case '--mcp-stdio': {
        const [command, ...args] = take().trim().split(/\s+/);
        if (command === undefined || command === '') {
          throw new CliUsageError('--mcp-stdio needs a command.');
        }
        sources.push({ kind: 'mcp-stdio', command, args });
        break;
      }
      default:
        if (argument.startsWith('-')) {
          throw new CliUsageError(`Unknown option ${option}. Run toolgate audit --help.`);
        }
        sources.push(fileSource(argument));
    }
  }
  if (sources.length === 0) {
    throw new CliUsageError(
      'No tools to audit: name a JSON file or a module, or an MCP server with --mcp or --mcp-stdio.',
    );
  }
  const withExport =
    exportName === undefined
      ? sources
      : sources.map((source) => (source.kind === 'module' ? { ...source, exportName } : source));
  if (exportName !== undefined && !sources.some((source) => source.kind === 'module')) {
    throw new CliUsageError('--export applies to module sources, and none was given.');
  }
  return { sources: withExport, profiles: parseProviders(providerList), json };
}

function splitInline(argument: string): [string, string | undefined] {
  const equals = argument.indexOf('=');
  return equals === -1
    ? [argument, undefined]
    : [argument.slice(0, equals), argument.slice(equals + 1)];
}

function httpSource(value: string): ToolSourceSpec {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliUsageError(`--mcp needs an http:// or https:// URL, not "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliUsageError(`--mcp needs an http:// or https:// URL, not "${value}".`);
  }
  return { kind: 'mcp-http', url: url.href };
}

function fileSource(path: string): ToolSourceSpec {
  if (/^https?:\/\//.test(path)) {
    throw new CliUsageError(`"${path}" is a URL; for an MCP server write --mcp ${path}.`);
  }
  if (path.endsWith('.json')) return { kind: 'json', path };
  if (moduleExtensions.test(path)) return { kind: 'module', path };
  throw new CliUsageError(
    `"${path}" is neither a .json file nor a module (.ts, .mts, .js, .mjs, .cjs).`,
  );
}

function parseProviders(list: string | undefined): StrictProfile[] {
  if (list === undefined) return defaultProfiles();
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new CliUsageError('--provider needs at least one profile name.');
  const profiles: StrictProfile[] = [];
  for (const name of names) {
    const profile = resolveProfile(name);
    if (profile === undefined) {
      throw new CliUsageError(
        `Unknown provider "${name}". Known profiles: ${profileNames.join(', ')} (or an AI SDK provider id such as openai.responses).`,
      );
    }
    if (!profiles.includes(profile)) profiles.push(profile);
  }
  return profiles;
}
