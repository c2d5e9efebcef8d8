import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractCodeBlocks, moduleText, pageLine } from '../scripts/code-blocks.ts';

const page = [
  'Intro',
  '<!-- prelude',
  'declare const MCP_URL: string;',
  '-->',
  '```ts',
  'const url = MCP_URL;',
  'const bad: number = url;',
  '```',
  '```js',
  'console.log(1);',
  '```',
  '<!-- not compiled: a fragment -->',
  '```ts',
  'weather;',
  '```',
  '```sh',
  'npm test',
  '```',
].join('\n');

test('extractCodeBlocks reads ts blocks with their prelude, and maps lines back to the page', () => {
  const { blocks, problems, uncompiled } = extractCodeBlocks(page, 'page.md');
  assert.equal(blocks.length, 1);
  const [block] = blocks;
  assert.ok(block);
  assert.equal(block.prelude, 'declare const MCP_URL: string;');
  assert.equal(block.line, 6);
  assert.equal(moduleText(block).split('\n')[2], 'const bad: number = url;');
  assert.equal(pageLine(block, 1), 3);
  assert.equal(pageLine(block, 3), 7);
  assert.deepEqual(problems, [
    {
      file: 'page.md',
      line: 9,
      message: 'a ```js block is not compiled: write it as ```ts or ```tsx',
    },
  ]);
  assert.deepEqual(uncompiled, [{ file: 'page.md', line: 14, reason: 'a fragment' }]);
});
