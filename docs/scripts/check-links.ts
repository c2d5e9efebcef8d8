/**
 * Checks every relative link of README.md and docs/ (reference/ included): the page exists, and an
 * `#anchor` names one of its headings as GitHub writes heading anchors.
 * Why: guides link each other by section; a renamed heading must not leave a dead link behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = resolve(docsRoot, '..');

function pages(): string[] {
  const found = [join(repositoryRoot, 'README.md')];
  for (const entry of readdirSync(docsRoot, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith('.md') && !path.includes('node_modules'))
      found.push(path);
  }
  return found;
}

/** The anchors GitHub gives a page's headings (and explicit `<a id>`s). */
function anchors(page: string): Set<string> {
  const result = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(page, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.matchAll(/<a id="([^"]+)"/g)) result.add(match[1] ?? '');
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading === null) continue;
    const base = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

const errors: string[] = [];
let links = 0;
for (const page of pages()) {
  const text = readFileSync(page, 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z]+:/i.test(target)) continue;
    links += 1;
    const [path = '', anchor] = target.split('#');
    const file = path === '' ? page : resolve(dirname(page), path);
    const where = relative(repositoryRoot, page);
    if (!existsSync(file)) {
      errors.push(`${where}: ${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && statSync(file).isFile() && !anchors(file).has(anchor)) {
      errors.push(`${where}: ${target}: no heading with that anchor`);
    }
  }
}
for (const error of errors) console.error(error);
console.log(`${links} links checked: ${errors.length} broken.`);
if (errors.length > 0) process.exit(1);
