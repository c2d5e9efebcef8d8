import { readFile } from 'node:fs/promises';
import { auditUsage, CliUsageError, parseAuditArguments } from './audit-options.ts';
import { type AuditedTool, auditTools } from './audit-tools.ts';
import { formatAudit } from './format-audit.ts';
import { describeSource, loadTools, ToolSourceError } from './load-tools.ts';

const usage = `Usage: toolgate <command>

Commands:
  audit        what each provider profile will be sent for your tools (toolgate audit --help)

Options:
  --version    print toolgate's version
  -h, --help   print this text`;

/** Writes to a stream, and resolves once it was handed to the OS (so exit codes follow the output). */
type Output = { write(text: string): unknown; isTTY?: boolean };

/**
 * Runs `toolgate <argv>` and returns the exit status: 0 fine, 1 a tool or budget that would fail
 * at the provider, 2 a usage or loading error.
 */
export async function runCli(
  argv: readonly string[],
  { stdout = process.stdout, stderr = process.stderr }: { stdout?: Output; stderr?: Output } = {},
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help') {
    stdout.write(`${usage}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version') {
    stdout.write(`${await readVersion()}\n`);
    return 0;
  }
  if (command !== 'audit') {
    stderr.write(`Unknown command "${command}".\n${usage}\n`);
    return 2;
  }
  try {
    const options = parseAuditArguments(rest);
    if (options === undefined) {
      stdout.write(`${auditUsage}\n`);
      return 0;
    }
    const progress = stderr.isTTY === true && options.sources.length > 1;
    const tools: AuditedTool[] = [];
    for (const [index, source] of options.sources.entries()) {
      if (progress) {
        stderr.write(`\r\x1b[K[${index + 1}/${options.sources.length}] ${describeSource(source)}`);
      }
      tools.push(...(await loadTools(source)));
    }
    if (progress) stderr.write('\r\x1b[K');
    const report = auditTools({
      tools,
      profiles: options.profiles,
      failOnBudget: options.failOnBudget,
    });
    stdout.write(
      options.json
        ? `${JSON.stringify({ profiles: options.profiles.map((p) => p.name), ...report }, null, 2)}\n`
        : `${formatAudit(report, { details: options.details })}\n`,
    );
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof ToolSourceError) {
      stderr.write(`toolgate audit: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/** The version in the package's own package.json, two levels up from src/cli/ and dist/cli/ alike. */
async function readVersion(): Promise<string> {
  const manifest = JSON.parse(
    await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version?: unknown };
  return String(manifest.version);
}
