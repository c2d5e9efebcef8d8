// The package as a user installs it: packs this checkout (`npm pack`), checks the tarball (LICENSE,
// metadata), installs it into a copy of this folder's app in the temporary folder, WITHOUT the
// optional peer @opentelemetry/api, builds README's example (app.js) with webpack 5, Vite and
// esbuild, runs each bundle with node and checks what it prints, and requires every entry from
// CommonJS (require.cjs). Then it adds @opentelemetry/api and checks that each bundler's build of
// telemetry.js puts the gate's refusal events on the active span. Part of .ci/run.
//
//   node scripts/bundlers/run.ts

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const source = fileURLToPath(new URL('./', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));
// Outside the checkout: a bundler looking for a package walks up the folders, and must not find
// the checkout's own node_modules (which has @opentelemetry/api). Removed when every check passed.
const here = `${mkdtempSync(`${tmpdir()}/toolgate-bundlers-`)}/`;
const out = `${here}out`;

const results: { name: string; problem: string | undefined }[] = [];

function check(name: string, problem: string | undefined): void {
  results.push({ name, problem });
  console.log(problem === undefined ? `ok      ${name}` : `FAILED  ${name}\n        ${problem}`);
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** npm in the app; `--include=dev` since Vite's build sets NODE_ENV=production in this process. */
function npm(args: string[]): void {
  run('npm', [...args, '--include=dev', '--no-audit', '--no-fund'], here);
}

/** The last line a script prints, read as JSON and compared with what it should be. */
function outputProblem(output: string, expected: unknown): string | undefined {
  const line = output.trim().split('\n').at(-1) ?? '';
  let actual: unknown;
  try {
    actual = JSON.parse(line);
  } catch {
    return `printed no JSON line: ${output.slice(0, 400)}`;
  }
  return isDeepStrictEqual(actual, expected)
    ? undefined
    : `printed ${line}\n        expected ${JSON.stringify(expected)}`;
}

function errorText(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.message}\n${(error as { stderr?: string }).stderr ?? ''}`
      : String(error);
  return text.trim().split('\n').slice(0, 12).join('\n        ');
}

// The tarball.
mkdirSync(out, { recursive: true });
for (const file of ['package.json', 'package-lock.json', 'app.js', 'telemetry.js', 'require.cjs']) {
  copyFileSync(`${source}${file}`, `${here}${file}`);
}
run('npm', ['pack', '--pack-destination', out, '--silent'], root);
const tarballName = readdirSync(out).find((name) => name.endsWith('.tgz'));
if (tarballName === undefined) throw new Error(`npm pack left no tarball in ${out}`);
const tarball = `${out}/${tarballName}`;
const listing = run('tar', ['-tzf', tarball], out).split('\n');
const license = listing.includes('package/LICENSE')
  ? run('tar', ['-xzOf', tarball, 'package/LICENSE'], out)
  : '';
check(
  'the tarball holds the Apache License 2.0 text as LICENSE',
  /Apache License\s+Version 2\.0, January 2004/.test(license)
    ? undefined
    : `package/LICENSE ${license === '' ? 'is missing' : 'is not the Apache License 2.0'}`,
);
const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], out));
const missingFields = ['repository', 'homepage', 'bugs', 'keywords', 'author'].filter(
  (field) => manifest[field] === undefined,
);
check(
  'package.json names its license, repository, homepage, bugs, keywords and author',
  manifest.license === 'Apache-2.0' && missingFields.length === 0
    ? undefined
    : `license ${manifest.license}; missing ${missingFields.join(', ')}`,
);

// The app, with toolgate from the tarball and without @opentelemetry/api.
npm(['ci']);
npm(['install', '--no-save', tarball]);
const requireHere = createRequire(`${here}app.js`);
function resolves(name: string): boolean {
  try {
    requireHere.resolve(name);
    return true;
  } catch {
    return false;
  }
}
if (resolves('@opentelemetry/api')) {
  throw new Error('the app must be built without @opentelemetry/api, and it resolves');
}

type Bundler = (entry: string, outDir: string) => Promise<void>;

/** A bundler as the app installed it (not as this checkout has it). */
async function fromApp<Module>(name: string): Promise<Module> {
  return import(pathToFileURL(requireHere.resolve(name)).href);
}

const bundlers: Record<string, Bundler> = {
  async webpack(entry, outDir) {
    const { default: webpack } = await fromApp<typeof import('webpack')>('webpack');
    const stats = await new Promise<import('webpack').Stats | undefined>((resolve, reject) => {
      webpack(
        {
          mode: 'production',
          target: 'node22',
          context: here,
          entry: `./${entry}`,
          output: { path: outDir, filename: 'app.mjs', module: true, chunkFormat: 'module' },
          experiments: { outputModule: true },
          optimization: { minimize: false },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    if (stats?.hasErrors()) {
      throw new Error(stats.toString({ all: false, errors: true, colors: false }));
    }
  },
  async vite(entry, outDir) {
    const { build } = await fromApp<typeof import('vite')>('vite');
    await build({
      root: here,
      configFile: false,
      logLevel: 'error',
      // A server build that bundles every package, as an app's server bundle does.
      ssr: { noExternal: true, target: 'node' },
      build: {
        ssr: entry,
        outDir,
        emptyOutDir: true,
        target: 'node22',
        minify: false,
        rollupOptions: { output: { entryFileNames: 'app.mjs' } },
      },
    });
  },
  async esbuild(entry, outDir) {
    const { build } = await fromApp<typeof import('esbuild')>('esbuild');
    await build({
      absWorkingDir: here,
      entryPoints: [entry],
      outfile: `${outDir}/app.mjs`,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      // The AI SDK's gateway client depends on a CommonJS package that requires Node's modules.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
  },
};

/** Builds `entry` with each bundler, runs each bundle and compares its last line. */
async function buildAndRun(entry: string, label: string, expected: unknown): Promise<void> {
  for (const [name, bundle] of Object.entries(bundlers)) {
    const outDir = `${out}/${entry.replace('.js', '')}-${name}`;
    try {
      await bundle(entry, outDir);
      check(`${name} builds ${label}`, undefined);
    } catch (error) {
      check(`${name} builds ${label}`, errorText(error));
      continue;
    }
    try {
      const output = run(process.execPath, [`${outDir}/app.mjs`], out);
      check(`${name}'s bundle of ${label} runs`, outputProblem(output, expected));
    } catch (error) {
      check(`${name}'s bundle of ${label} runs`, errorText(error));
    }
  }
}

const example = {
  text: 'Sunny in Paris and Rome.',
  steps: 3,
  firstTurn: ['Refused', 'Not run'],
  executed: [
    { city: 'Paris', unit: 'celsius', days: 3 },
    { city: 'Rome', unit: 'fahrenheit' },
  ],
};
await buildAndRun('app.js', 'the example without @opentelemetry/api', example);

const requireCheck = `require('toolgate'), 'toolgate/checker', 'toolgate/decode' on node ${process.version}`;
try {
  const output = run(process.execPath, ['require.cjs'], here);
  check(
    requireCheck,
    outputProblem(output, { toolGate: 'object', checker: ['enum'], decode: true }),
  );
} catch (error) {
  check(requireCheck, errorText(error));
}

// The same bundlers when the app has @opentelemetry/api: the refusal reaches the active span.
npm(['install', '--no-save', tarball, '@opentelemetry/api@1.9.1']);
if (!existsSync(`${here}node_modules/@opentelemetry/api`)) {
  throw new Error('@opentelemetry/api did not install');
}
await buildAndRun('telemetry.js', 'telemetry with @opentelemetry/api', {
  refusedIds: ['call_1', 'call_2'],
  events: ['toolgate.tool_refusal call_1 weather', 'toolgate.tool_refusal call_2 weather'],
});
const failed = results.filter((result) => result.problem !== undefined).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
if (failed > 0) {
  console.log(`the app and its bundles are kept in ${here}`);
  process.exitCode = 1;
} else {
  rmSync(here, { recursive: true, force: true });
}
