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

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>toolgate chat</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; max-width: 760px; margin: 2rem auto; padding: 0 1rem; }
  .message { margin: 1rem 0; padding: .5rem 1rem; border-radius: 8px; }
  .message-user { background: #eef3ff; }
  .message-assistant { background: #f6f6f6; }
  .tool { border: 1px solid #ccc; border-radius: 6px; margin: .5rem 0; padding: .25rem .75rem; background: #fff; }
  .tool-output-error { border-color: #d33; }
  .tool-output-available { border-color: #2a2; }
  .tool-name { font-weight: 600; }
  pre { white-space: pre-wrap; margin: .25rem 0; }
  .tool-error { color: #a11; }
  form { display: flex; gap: .5rem; }
  input { flex: 1; padding: .5rem; }
</style>
</head>
<body>
<div id="root" data-prompt="${escapeAttribute(process.env.OPENAI_API_KEY ? '' : recordedPrompt)}"></div>
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
