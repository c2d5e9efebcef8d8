/**
 * Compiles every ```ts and ```tsx block of README.md and docs/**\/*.md with `tsc --strict --noEmit`
 * against the built package (`npm run build` in the repository root makes dist/).
 * Why: a snippet readers copy must compile as it is shown, with the types users install.
 *
 * Usage: node scripts/check-code-blocks.ts [page.md …]   (from docs/; default: every page)
 * Each block is its own module, `toolgate` resolves through the root package.json's exports to
 * dist/, other packages (ai, zod, @ai-sdk/*) to the root's node_modules, React's types to docs'.
 * A block that is a fragment declares what it leaves out in a hidden prelude (see docs/README.md).
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BlockProblem,
  type CodeBlock,
  extractCodeBlocks,
  moduleText,
  pageLine,
  type UncompiledBlock,
} from './code-blocks.ts';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = resolve(docsRoot, '..');
const workDirectory = join(docsRoot, 'node_modules', '.cache', 'code-blocks');

/** README.md and every page under docs/ (node_modules left out). */
function markdownPages(): string[] {
  const pages = [join(repositoryRoot, 'README.md')];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk(docsRoot);
  return pages.sort();
}

const compilerOptions = {
  strict: true,
  noEmit: true,
  target: 'es2023',
  lib: ['es2023', 'dom'],
  module: 'nodenext',
  moduleResolution: 'nodenext',
  jsx: 'react-jsx',
  types: ['node'],
  skipLibCheck: true,
};

function main(): void {
  if (!existsSync(join(repositoryRoot, 'dist', 'index.d.ts'))) {
    console.error('dist/ is missing: run `npm run build` in the repository root first.');
    process.exit(2);
  }
  const requested = process.argv.slice(2).map((page) => resolve(page));
  const pages = requested.length > 0 ? requested : markdownPages();
  const blocks: CodeBlock[] = [];
  const problems: BlockProblem[] = [];
  const uncompiled: UncompiledBlock[] = [];
  for (const page of pages) {
    const found = extractCodeBlocks(readFileSync(page, 'utf8'), relative(repositoryRoot, page));
    blocks.push(...found.blocks);
    problems.push(...found.problems);
    uncompiled.push(...found.uncompiled);
  }
  if (blocks.length === 0) {
    console.error('No ```ts or ```tsx block found: nothing was checked.');
    process.exit(1);
  }

  rmSync(workDirectory, { recursive: true, force: true });
  mkdirSync(join(workDirectory, 'node_modules'), { recursive: true });
  // `toolgate` as an app gets it: the root package.json's exports, pointing at dist/.
  symlinkSync(repositoryRoot, join(workDirectory, 'node_modules', 'toolgate'), 'dir');
  writeFileSync(join(workDirectory, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(
    join(workDirectory, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions, include: ['*.ts', '*.tsx'] }, null, 2)}\n`,
  );
  const byModule = new Map<string, CodeBlock>();
  for (const block of blocks) {
    const name = `${block.file.replace(/[^\w]+/g, '_')}_${block.line}.${block.language}`;
    byModule.set(name, block);
    writeFileSync(join(workDirectory, name), moduleText(block));
  }

  let output = '';
  try {
    execFileSync(
      join(repositoryRoot, 'node_modules', '.bin', 'tsc'),
      ['-p', workDirectory, '--pretty', 'false'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }

  const errors: string[] = [];
  for (const text of output.split('\n')) {
    if (text.trim() === '') continue;
    // tsc writes the rest of a message on indented lines below its first.
    if (text.startsWith(' ') && errors.length > 0) {
      errors[errors.length - 1] += `\n${text}`;
      continue;
    }
    const located = /^(.+?)\((\d+),(\d+)\): (error TS\d+: .*)$/.exec(text.trim());
    const block = located === null ? undefined : byModule.get(located[1]?.split('/').pop() ?? '');
    if (located === null || block === undefined) {
      errors.push(text.trim());
      continue;
    }
    errors.push(
      `${block.file}:${pageLine(block, Number(located[2]))}:${located[3]}: ${located[4]}`,
    );
  }
  for (const problem of problems)
    errors.push(`${problem.file}:${problem.line}: ${problem.message}`);

  for (const error of errors) console.error(error);
  const reasons = new Map<string, number>();
  for (const block of uncompiled) reasons.set(block.reason, (reasons.get(block.reason) ?? 0) + 1);
  for (const [reason, count] of reasons)
    console.log(`not compiled, as marked: ${count} × ${reason}`);
  if (process.env.LIST_UNCOMPILED !== undefined) {
    for (const block of uncompiled) console.log(`  ${block.file}:${block.line}`);
  }
  const files = new Set(blocks.map((block) => block.file)).size;
  console.log(
    `${blocks.length} code blocks in ${files} pages compiled against dist/: ${errors.length} errors.`,
  );
  if (errors.length > 0) process.exit(1);
}

main();
