/**
 * Generates the API reference in reference/ from the TSDoc of the package's three entries, with
 * TypeDoc and typedoc-plugin-markdown; `--check` fails when the committed pages differ from a fresh
 * build. Why committed: the pages read on GitHub and in the npm tarball's repository without a build.
 *
 * TSDoc `@example` blocks are fragments written in src/ (they use the tools and models of the
 * sentence around them), so each is marked `<!-- not compiled: … -->` and counted by the code-block
 * check rather than compiled; the guides hold the compiled examples.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(docsRoot, 'reference');
const fresh = join(docsRoot, 'node_modules', '.cache', 'reference');
const exampleMarker = '<!-- not compiled: a TSDoc @example fragment from src/ -->';

function files(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

/** Marks every ```ts block that follows an `## Example` heading, up to the next heading. */
function markExamples(markdown: string): string {
  const lines = markdown.split('\n');
  let inExample = false;
  const out: string[] = [];
  for (const line of lines) {
    if (/^#{1,6} /.test(line)) inExample = /^#{2,6} Examples?$/.test(line);
    if (inExample && /^```(ts|tsx)$/.test(line)) out.push(exampleMarker);
    out.push(line);
  }
  return out.join('\n');
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
for (const file of files(fresh)) {
  const path = join(fresh, file);
  writeFileSync(path, markExamples(readFileSync(path, 'utf8')));
}

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
