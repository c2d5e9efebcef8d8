// Bundles each package entry with esbuild (minified, as an app's bundler would) and checks two
// promises: `toolgate/checker` and `toolgate/decode` pull in no AI SDK code (nor any other
// package), and each entry stays within its minified+gzipped size budget (recorded in README).
// Part of `npm run check`.
//
//   node scripts/package-size.ts

import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

type Entry = {
  name: string;
  source: string;
  /** Most bytes after minify and gzip. */
  budget: number;
  /** Whether the entry may import other packages (the AI SDK, as peers). */
  importsPackages: boolean;
};

/** What every entry may import: RE2's linear-time engine, which runs schemas' patterns. */
const importedEverywhere = ['re2js'];

const entries: Entry[] = [
  {
    name: 'toolgate/checker',
    source: 'src/checker/index.ts',
    budget: 21_500,
    importsPackages: false,
  },
  {
    name: 'toolgate/decode',
    source: 'src/decode/index.ts',
    budget: 30_000,
    importsPackages: false,
  },
  { name: 'toolgate', source: 'src/index.ts', budget: 49_500, importsPackages: true },
];

let failed = false;
for (const entry of entries) {
  const result = await build({
    entryPoints: [`${root}${entry.source}`],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    // Peers and dependencies (jsonrepair) stay imports, as in an app that installs them; only
    // toolgate's own code is measured.
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`no output for ${entry.name}`);
  const gzipped = gzipSync(output.contents, { level: 9 }).length;
  const imported = Object.values(result.metafile.outputs).flatMap((file) =>
    file.imports.filter((item) => item.external).map((item) => item.path),
  );
  const problems: string[] = [];
  const notAllowed = imported.filter((path) => !importedEverywhere.includes(path));
  if (!entry.importsPackages && notAllowed.length > 0) {
    problems.push(`imports ${[...new Set(notAllowed)].join(', ')}`);
  }
  if (gzipped > entry.budget) problems.push(`over its budget of ${entry.budget} bytes`);
  const line = `${entry.name}: ${output.contents.length} bytes minified, ${gzipped} gzipped (budget ${entry.budget})${imported.length > 0 ? `; imports ${[...new Set(imported)].join(', ')}` : ''}`;
  if (problems.length > 0) {
    failed = true;
    console.error(`${line}\n  FAILED: ${problems.join('; ')}`);
  } else {
    console.log(line);
  }
}
process.exitCode = failed ? 1 : 0;
