import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type CodeBlock, extractCodeBlocks } from '../../docs/scripts/code-blocks.ts';

/** README.md and every Markdown page under docs/ (node_modules left out), as absolute paths. */
export function markdownPages(root: string): string[] {
  const pages = [join(root, 'README.md')];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk(join(root, 'docs'));
  return pages.sort();
}

/** The ```ts and ```tsx blocks of one page. */
export function readCodeBlocks(root: string, page: string): CodeBlock[] {
  return extractCodeBlocks(readFileSync(page, 'utf8'), relative(root, page)).blocks;
}
