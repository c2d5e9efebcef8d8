// Run by .github/workflows/release.yml before `npm publish`: the tag being released names the
// version in package.json, CHANGELOG.md has a dated section for that version, and the tarball
// holds LICENSE. Exits 1 with the reason otherwise.
//
//   node scripts/release-check.ts v0.2.0

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const tag = process.argv[2] ?? '';
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
const changelog = readFileSync(`${root}CHANGELOG.md`, 'utf8');
const escaped = version.replaceAll('.', '\\.');
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
  }),
) as { files: { path: string }[] }[];

const problems = [
  tag === `v${version}` ? undefined : `the tag is "${tag}", package.json says ${version}`,
  new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(changelog)
    ? undefined
    : `CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section`,
  packed[0]?.files.some((file) => file.path === 'LICENSE')
    ? undefined
    : 'the tarball has no LICENSE',
].filter((problem) => problem !== undefined);

if (problems.length > 0) {
  console.error(`Not releasing ${tag}:\n- ${problems.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log(`Releasing toolgate ${version}.`);
}
