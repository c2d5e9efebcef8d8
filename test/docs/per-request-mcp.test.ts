/**
 * Every snippet of README.md and docs/ that opens an MCP client per request, run as written against
 * a real MCP server over Streamable HTTP: the client it opens must be closed when the answer is
 * finished, when the model fails and when the caller goes away mid-answer. A snippet that leaves
 * clients open leaks a connection per request in every app that copies it.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveMcpOverHttp } from '../support/mcp-http-server.ts';
import { openClients } from './counted-mcp-client.ts';
import { markdownPages, readCodeBlocks } from './markdown-pages.ts';
import { script } from './scripted-openai.ts';

const root = join(import.meta.dirname, '..', '..');
const scratch = join(root, '.scratch', 'docs-snippets');

/** The values a snippet's hidden prelude may declare, as this test provides them. */
const fixtures: Record<string, string> = {
  MCP_URL: 'globalThis.toolgateDocsFixture.url',
  toolsFor: '(() => ({}))',
};

let server: Awaited<ReturnType<typeof serveMcpOverHttp>>;

beforeAll(async () => {
  server = await serveMcpOverHttp(() => {
    const mcp = new McpServer({ name: 'docs', version: '1.0.0' });
    mcp.registerTool(
      'search',
      { description: 'Search.', inputSchema: { query: z.string(), limit: z.number().optional() } },
      async (args) => ({ content: [{ type: 'text', text: `results for ${args.query}` }] }),
    );
    return mcp;
  });
  Object.assign(globalThis, { toolgateDocsFixture: { url: server.url.href } });
});

afterAll(() => server.close());

/** The snippet as a module this test can import: its prelude given values, its imports redirected. */
function runnable(code: string, prelude: string, name: string): string {
  const declared = [...prelude.matchAll(/declare (?:const|function) (\w+)/g)].map(
    (m) => m[1] ?? '',
  );
  const missing = declared.filter((declaredName) => fixtures[declaredName] === undefined);
  if (missing.length > 0) throw new Error(`${name}: no fixture for ${missing.join(', ')}`);
  const values = declared.map(
    (declaredName) => `const ${declaredName} = ${fixtures[declaredName]};`,
  );
  const { code: javascript } = transformSync(`${values.join('\n')}\n${code}`, {
    loader: 'ts',
    format: 'esm',
  });
  const redirected: Record<string, string> = {
    toolgate: join(root, 'src', 'index.ts'),
    '@ai-sdk/openai': join(import.meta.dirname, 'scripted-openai.ts'),
    '@ai-sdk/mcp': join(import.meta.dirname, 'counted-mcp-client.ts'),
  };
  return javascript.replace(/from "([^"]+)"/g, (whole, specifier: string) =>
    redirected[specifier] === undefined ? whole : `from ${JSON.stringify(redirected[specifier])}`,
  );
}

async function settled(): Promise<number> {
  for (let waited = 0; waited < 2_000 && openClients.size > 0; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return openClients.size;
}

function chatRequest(signal?: AbortSignal): Request {
  return new Request('http://app.test/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      prompt: 'Find the docs.',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Find the docs.' }] }],
    }),
    ...(signal === undefined ? {} : { signal }),
  });
}

type Handler = (request: Request) => Promise<Response>;

/**
 * One request whose caller goes away mid-answer: a streamed answer after its first chunk, an
 * answer given at the end (generateText) while it is still being worked out.
 */
async function abandon(POST: Handler): Promise<void> {
  const controller = new AbortController();
  const pending = POST(chatRequest(controller.signal)).catch(() => undefined);
  const response = await Promise.race([
    pending,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)),
  ]);
  const reader = response?.body?.getReader();
  await reader?.read();
  controller.abort();
  await reader?.cancel().catch(() => undefined);
  await pending;
}

const snippets = markdownPages(root)
  .flatMap((page) => readCodeBlocks(root, page))
  .filter((block) => block.code.includes('createMCPClient('));

describe('snippets that open an MCP client per request', () => {
  it('are found', () => {
    expect(snippets.length).toBeGreaterThan(0);
  });

  for (const block of snippets) {
    describe(`${block.file}:${block.line}`, () => {
      async function load(): Promise<Handler> {
        mkdirSync(scratch, { recursive: true });
        const name = `${block.file.replace(/\W+/g, '_')}_${block.line}.mjs`;
        writeFileSync(join(scratch, name), runnable(block.code, block.prelude, name));
        const module = (await import(join(scratch, name))) as { POST?: Handler };
        if (typeof module.POST !== 'function') throw new Error('the snippet exports no POST');
        return module.POST;
      }

      it('should close the client when the answer is finished', async () => {
        const POST = await load();
        script.next = 'answer';
        const response = await POST(chatRequest());
        expect(await response.text()).toContain('It is sunny.');
        expect(await settled()).toBe(0);
      });

      it('should close the client when the model fails', async () => {
        const POST = await load();
        script.next = 'fail';
        const response = await POST(chatRequest()).catch(() => undefined);
        await response?.text();
        expect(await settled()).toBe(0);
      });

      it('should close the client when the caller goes away mid-answer', async () => {
        const POST = await load();
        script.next = 'hang';
        await abandon(POST);
        expect(await settled()).toBe(0);
      });

      it('should leave no client open after ten requests', async () => {
        const POST = await load();
        for (let request = 0; request < 10; request += 1) {
          script.next = request % 2 === 0 ? 'answer' : 'hang';
          await abandon(POST);
        }
        expect(await settled()).toBe(0);
      });
    });
  }
});
