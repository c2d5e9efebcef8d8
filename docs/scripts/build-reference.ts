/**
 * Generates the API reference in reference/ from the TSDoc of the package's three entries, with
 * TypeDoc and typedoc-plugin-markdown; `--check` fails when the committed pages differ from a fresh
 * build. Why committed: the pages read on GitHub and in the npm tarball's repository without a build.
 *
 * TSDoc `@example` blocks are whole programs (their own imports), so the code-block check compiles
 * them as it compiles the guides' blocks.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(docsRoot, 'reference');
const fresh = join(docsRoot, 'node_modules', '.cache', 'reference');

function files(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

rmSync(fresh, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    join(docsRoot, 'node_modules', 'typedoc', 'bin', 'typedoc'),
    '--out',
    fresh,
    '--logLevel',
    'Warn',
  ],
  {
    cwd: docsRoot,
    stdio: 'inherit',
  },
);

if (process.argv.includes('--check')) {
  const want = files(fresh);
  const have = files(committed);
  const stale = [
    ...want.filter(
      (file) =>
        !have.includes(file) ||
        readFileSync(join(fresh, file), 'utf8') !== readFileSync(join(committed, file), 'utf8'),
    ),
    ...have.filter((file) => !want.includes(file)),
  ];
  if (stale.length > 0) {
    console.error(
      `docs/reference is out of date (${stale.length} pages differ): run \`npm run reference\` in docs/.`,
    );
    for (const file of stale) console.error(`  ${file}`);
    process.exit(1);
  }
  console.log(`docs/reference is up to date (${want.length} pages).`);
} else {
  rmSync(committed, { recursive: true, force: true });
  cpSync(fresh, committed, { recursive: true });
  console.log(`docs/reference: ${files(committed).length} pages.`);
}
