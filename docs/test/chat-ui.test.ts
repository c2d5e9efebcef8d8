/**
 * The chat UI guide's component, rendered: a refused call of a declared tool, a refused call of an
 * MCP tool (a `dynamic-tool` part) and a call of the corrected turn must each be shown.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { UIMessage } from 'ai';
import { transformSync } from 'esbuild';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { extractCodeBlocks } from '../scripts/code-blocks.ts';

const docs = join(import.meta.dirname, '..');
const page = join(docs, 'guides', 'chat-ui.md');
const scratch = join(docs, 'node_modules', '.cache', 'chat-ui');

const refused =
  'Refused: the arguments do not match the schema of tool "weather", so nothing was run.\n' +
  '"unit" must be one of "celsius" or "fahrenheit", not "kelvin".';
const notRun =
  'Not run: a call to tool "weather" in the same turn was refused, so no call of this turn was run.';

const message = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Let me check.' },
    {
      type: 'tool-weather',
      toolCallId: 'c1',
      state: 'output-error',
      input: { city: 'Oslo', unit: 'kelvin' },
      errorText: refused,
    },
    {
      type: 'dynamic-tool',
      toolName: 'search_docs',
      toolCallId: 'c2',
      state: 'output-error',
      input: { query: 'forecast' },
      errorText: notRun,
    },
    {
      type: 'tool-weather',
      toolCallId: 'c3',
      state: 'output-available',
      input: { city: 'Oslo', unit: 'celsius' },
      output: { temperature: 4 },
    },
  ],
} as unknown as UIMessage;

async function components(): Promise<FunctionComponent<{ message: UIMessage }>[]> {
  const blocks = extractCodeBlocks(readFileSync(page, 'utf8'), 'docs/guides/chat-ui.md').blocks;
  const tsx = blocks.filter((block) => block.language === 'tsx');
  assert.ok(tsx.length > 0, 'the chat UI guide has no tsx block');
  mkdirSync(scratch, { recursive: true });
  const found: FunctionComponent<{ message: UIMessage }>[] = [];
  for (const block of tsx) {
    const { code } = transformSync(`${block.prelude}\n${block.code}`, {
      loader: 'tsx',
      jsx: 'automatic',
      format: 'esm',
    });
    const file = join(scratch, `block-${block.line}.mjs`);
    writeFileSync(file, code);
    const module = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value === 'function')
        found.push(value as FunctionComponent<{ message: UIMessage }>);
    }
  }
  assert.ok(found.length > 0, 'no tsx block of the chat UI guide exports a component');
  return found;
}

test('the chat UI component shows refused calls of declared and dynamic tools', async () => {
  for (const component of await components()) {
    const html = renderToStaticMarkup(createElement(component, { message }));
    const text = html.replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
    assert.ok(text.includes('"unit" must be one of "celsius" or "fahrenheit", not "kelvin".'));
    assert.ok(text.includes('"kelvin"'), "the refused call shows the model's own arguments");
    assert.ok(text.includes('search_docs'), 'the dynamic tool is named');
    assert.ok(text.includes(notRun), "the dynamic tool's answer is shown");
    assert.ok(text.includes('"temperature":4'), 'the corrected call shows its result');
  }
});
