// Serves the chat on 127.0.0.1: the page, its script (bundled by esbuild at start), and the
// POST /api/chat route. PORT picks the port (default 3000; 0 for any free one).
//
//   npm start

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { recordedPrompt } from './src/chat-model.ts';
import { handleChat } from './src/chat-route.ts';

const bundle = await build({
  entryPoints: [new URL('./src/client.tsx', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'esm',
  jsx: 'automatic',
  write: false,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
const script = bundle.outputFiles[0]?.contents ?? new Uint8Array();

const offline = !process.env.OPENAI_API_KEY;
const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>toolgate chat</title>
<style>
  * { box-sizing: border-box; }
  body { font: 15px/1.45 system-ui, sans-serif; color: #1d1d1f; max-width: 760px; margin: 1.5rem auto; padding: 0 1rem; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .intro { color: #555; margin: 0 0 1rem; }
  .message { margin: 1rem 0; padding: .5rem .9rem; border-radius: 8px; }
  .message-user { background: #eef3ff; }
  .message-assistant { background: #f6f6f6; }
  hr { border: 0; border-top: 1px solid #ddd; margin: .75rem 0; }
  .tool { border: 1px solid #ccc; border-left-width: 5px; border-radius: 6px; margin: .5rem 0; padding: .4rem .75rem .5rem; background: #fff; }
  .tool-head { display: flex; align-items: center; gap: .5rem; flex-wrap: wrap; }
  .tool-name { font-weight: 600; font-family: ui-monospace, monospace; }
  .badge { font-size: .75rem; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; padding: .1rem .5rem; border-radius: 999px; }
  .tool h3 { font-size: .75rem; font-weight: 600; color: #666; margin: .5rem 0 .1rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font: 13px/1.4 ui-monospace, monospace; }
  .tool-refused { border-color: #d33; background: #fff5f5; }
  .badge-refused { background: #c62828; color: #fff; }
  .tool-refused .tool-answer pre { color: #a11; }
  .tool-not-run { border-color: #bbb; border-style: dashed; border-left-style: solid; background: #fafafa; color: #555; }
  .badge-not-run { background: #e0e0e0; color: #444; }
  .tool-ran { border-color: #2a2; }
  .badge-ran { background: #e3f5e3; color: #1b5e20; }
  .tool-failed, .tool-denied { border-color: #e08a00; }
  .badge-failed, .badge-denied { background: #fff0d6; color: #7a4a00; }
  .badge-pending { background: #eef3ff; color: #2c4a8a; }
  .error { color: #a11; }
  form { display: flex; gap: .5rem; margin: 1rem 0; }
  input { flex: 1; min-width: 0; padding: .5rem; font: inherit; }
  button { padding: .5rem 1rem; font: inherit; }
</style>
</head>
<body>
<div id="root" data-offline="${offline}" data-prompt="${escapeAttribute(offline ? recordedPrompt : '')}"></div>
<script type="module" src="/client.js"></script>
</body>
</html>`;

async function toRequest(message: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return new Request(`http://127.0.0.1${message.url}`, {
    method: message.method,
    headers: message.headers as Record<string, string>,
    body: Buffer.concat(chunks),
  });
}

async function send(response: Response, to: ServerResponse): Promise<void> {
  to.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body !== null) {
    for await (const chunk of response.body) to.write(chunk);
  }
  to.end();
}

const server = createServer(async (request, response) => {
  try {
    if (request.method === 'GET' && request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (request.method === 'GET' && request.url === '/client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (request.method === 'POST' && request.url === '/api/chat') {
      await send(await handleChat(await toRequest(request)), response);
    } else {
      response.writeHead(404).end();
    }
  } catch (error) {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  }
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`toolgate chat on http://127.0.0.1:${port}`);
});
