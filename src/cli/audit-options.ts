import {
  isProfileName,
  profileByProviderId,
  profileNamed,
  profileNames,
  profilesByName,
  type StrictProfile,
} from '../decode/provider-profiles.ts';
import { hasStrictBudget } from '../decode/strict-budget.ts';

/** A command line that cannot be run: unknown option, missing value, unknown provider. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
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
  /** Every change by argument path after the summary (`--details`). */
  readonly details: boolean;
  /**
   * Whether a per-request budget passed fails the audit: when the profiles were named with
   * `--provider`, or with `--fail-on-budget`.
   */
  readonly failOnBudget: boolean;
};

export const auditUsage = `Usage: toolgate audit [sources…] [options]

Says, per tool and provider profile, whether the tool is sent strict, what the conversion changed
in the schema sent, the per-request budgets it uses, and what would fail at run time. A summary
comes first, one line per tool and profile; --details adds every change by argument path.

Sources (any number, in any order):
  tools.json              a JSON file: an array of tools ({ name, inputSchema | input_schema |
                          parameters }), { "tools": [...] } (an MCP tools/list result), or
                          { "<name>": <JSON Schema> }
  tools.ts | tools.js     a module exporting an AI SDK ToolSet (the default export, else "tools";
                          pick another with --export); .ts needs Node 22.18 or newer
  --mcp <url>             an MCP server over Streamable HTTP
  --mcp-stdio "<command>" an MCP server started as a child process (split on spaces); if it
                          exits first, its exit status and the end of its stderr are shown

Options:
  --provider <names>      profiles or AI SDK provider ids, comma-separated. Profiles:
                          ${wrap(profileNames.join(', '), 26, 98)}
                          Default: ${wrap(
                            `the profiles the gate picks by itself from a model's provider id and converts for: ${defaultProfiles()
                              .map((profile) => profile.name)
                              .join(
                                ', ',
                              )} (${optInProfileNames().join(', ')} are opt-in: name them)`,
                            26,
                            98,
                            9,
                          )}
  --details               after the summary, every change to each schema sent, by argument path
  --fail-on-budget        ${wrap(
    `count a per-request budget (${[...new Set(Object.values(profilesByName))]
      .filter(hasStrictBudget)
      .map((profile) => profile.name)
      .join(', ')}) against the exit status when the profiles are the default ones`,
    26,
    98,
  )}
  --export <name>         the export that holds the ToolSet, for every module source
  --json                  print the report as JSON
  -h, --help              print this text

Exit status:
  0  every tool can be sent as the profiles need
  1  a tool cannot be sent strict under a strict profile (sent as it was, its decoder does not
     enforce its schema); or a per-request budget is passed under a profile named with
     --provider, or with --fail-on-budget. A budget passed under the default profiles is reported
     with the tools the gate sends without strict, but does not fail: it depends on which tools
     share a request, which the app may narrow (activeTools), and the gate keeps such a request
     valid by sending its costliest tools without strict.
  2  a usage or loading error`;

/** A profile by its name (`openai`, `xai`), as the library's registry has it, or an AI SDK provider id. */
function profileByNameOrId(name: string): StrictProfile | undefined {
  if (isProfileName(name)) return profileNamed(name);
  return Object.hasOwn(profileByProviderId, name) ? profileByProviderId[name] : undefined;
}

/** The profiles that convert but that no provider id selects: named with --provider only. */
function optInProfileNames(): string[] {
  const defaults = defaultProfiles();
  return [...new Set(Object.values(profilesByName))]
    .filter((profile) => profile.strictTools && !defaults.includes(profile))
    .map((profile) => profile.name);
}

/**
 * The profiles audited when none is named: each one the gate picks by itself from a model's
 * provider id and converts schemas for. The opt-in ones (xai, vllm, llamacpp) are never picked so.
 */
function defaultProfiles(): StrictProfile[] {
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
  let details = false;
  let failOnBudget = false;
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
      case '--details':
        details = true;
        break;
      case '--fail-on-budget':
        failOnBudget = true;
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
  return {
    sources: withExport,
    profiles: parseProviders(providerList),
    json,
    details,
    failOnBudget: failOnBudget || providerList !== undefined,
  };
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
    const profile = profileByNameOrId(name);
    if (profile === undefined) {
      throw new CliUsageError(
        `Unknown provider "${name}". Known profiles: ${profileNames.join(', ')} (or an AI SDK provider id such as openai.responses).`,
      );
    }
    if (!profiles.includes(profile)) profiles.push(profile);
  }
  return profiles;
}

/** A list of words wrapped at `width` columns, its later lines indented by `indent`. */
function wrap(text: string, indent: number, width: number, first = 0): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const start = lines.length === 0 ? indent + first : indent;
    if (line !== '' && start + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}
