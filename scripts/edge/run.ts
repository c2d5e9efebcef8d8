// Runs the gate loop (gate-loop.ts) in Cloudflare's workerd (through miniflare), Deno and Bun:
// bundles each entry with esbuild for that runtime, runs it, and fails unless every runtime
// reports the refused turn, the corrective round and the decoded inputs. Part of .ci/run.
//
//   npm ci && npm run edge        (in scripts/edge)

import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { Miniflare } from 'miniflare';

const here = fileURLToPath(new URL('./', import.meta.url));
const librarySource = fileURLToPath(new URL('../../src/', import.meta.url));
const out = `${here}.scratch`;
const bin = (name: string) => `${here}node_modules/.bin/${name}`;
const run = promisify(execFile);

// The library's source imports `ai` and `@ai-sdk/provider` too. Resolved from its own folder they
// would come from the root install, a second copy beside this package's; resolved from here, each
// bundle holds one copy of each package, at the version this package pins, and the check needs
// no root install.
const packagesFromHere: Plugin = {
  name: 'packages-from-here',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, (args) =>
      args.importer.startsWith(librarySource)
        ? plugin.resolve(args.path, { kind: args.kind, resolveDir: here })
        : undefined,
    );
  },
};

type Report = {
  ok: boolean;
  error?: string;
  result?: { refusedAnswer: string; executed: unknown[] };
};

async function bundle(entry: string, outfile: string, conditions: string[]): Promise<string> {
  await build({
    entryPoints: [`${here}${entry}`],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions,
    plugins: [packagesFromHere],
    logLevel: 'warning',
  });
  return outfile;
}

async function inWorkerd(): Promise<Report> {
  const script = await bundle('worker.ts', `${out}/worker.js`, ['workerd', 'worker', 'browser']);
  const miniflare = new Miniflare({
    modules: true,
    script: await readFile(script, 'utf8'),
    compatibilityDate: '2026-01-01',
  });
  try {
    const response = await miniflare.dispatchFetch('http://localhost/');
    return (await response.json()) as Report;
  } finally {
    await miniflare.dispose();
  }
}

async function inDeno(): Promise<Report> {
  const script = await bundle('script.ts', `${out}/deno.js`, ['deno', 'browser']);
  // No permissions, and no code generation from strings: the gate needs neither.
  const { stdout } = await run(bin('deno'), [
    'run',
    '--no-prompt',
    '--v8-flags=--disallow-code-generation-from-strings',
    script,
  ]);
  return JSON.parse(stdout) as Report;
}

async function inBun(): Promise<Report> {
  const script = await bundle('script.ts', `${out}/bun.js`, ['bun', 'browser']);
  const { stdout } = await run(bin('bun'), [script]);
  return JSON.parse(stdout) as Report;
}

await mkdir(out, { recursive: true });
let failed = false;
for (const [runtime, runGateLoop] of [
  ['workerd', inWorkerd],
  ['deno', inDeno],
  ['bun', inBun],
] as const) {
  try {
    const report = await runGateLoop();
    if (!report.ok || report.result === undefined) throw new Error(report.error ?? 'no result');
    const firstLine = report.result.refusedAnswer.split('\n')[0];
    console.log(
      `${runtime}: ok (refused turn answered "${firstLine}"; ${report.result.executed.length} calls ran after the corrective round)`,
    );
  } catch (error) {
    failed = true;
    console.error(`${runtime}: FAILED ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exitCode = failed ? 1 : 0;
