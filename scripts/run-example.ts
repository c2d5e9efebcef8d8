/**
 * Runs `npm run example` as the README has a person run it, then asks the running chat for its
 * page and for the recorded conversation and a follow-up over POST /api/chat, and stops it.
 * Why: CI builds dist/ in earlier steps, which hid that the example did not start from a fresh
 * clone; run after removing dist/ and examples/chat/node_modules, this is that fresh path.
 *
 * Usage: `node scripts/run-example.ts` (exit code 1, and the example's output, on any failure).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const recordedPrompt =
  'What is the weather in Paris, Oslo and Tokyo? For Oslo I also need the next 3 days.';
const offlineNote =
  'This offline demo only replays one recorded conversation; set OPENAI_API_KEY to chat for real.';

const root = fileURLToPath(new URL('..', import.meta.url));
const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
delete env.OPENAI_API_KEY;
// Its own process group, so that stopping it stops npm, the shell and the server under it.
const example = spawn('npm', ['run', 'example'], { cwd: root, env, detached: true });
let output = '';
example.stdout.on('data', (chunk: Buffer) => {
  output += chunk.toString();
});
example.stderr.on('data', (chunk: Buffer) => {
  output += chunk.toString();
});
const stop = () => {
  if (example.pid !== undefined && example.exitCode === null) process.kill(-example.pid, 'SIGTERM');
};

/** The chat's address, once the server prints it. */
async function serverUrl(timeout = 300_000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
    if (url !== undefined) return url;
    if (example.exitCode !== null) throw new Error(`npm run example exited (${example.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('npm run example printed no address in time');
}

/** What the chat streams back for `texts`, sent as alternating user and assistant messages. */
async function chat(url: string, texts: string[]) {
  const messages = texts.map((text, index) => ({
    id: String(index),
    role: index % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', text }],
  }));
  const response = await fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages }),
  });
  assert.equal(response.status, 200);
  const chunks = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
  return {
    errors: chunks
      .filter((chunk) => chunk.type === 'tool-input-error' || chunk.type === 'tool-output-error')
      .map((c) => c.errorText),
    results: chunks.filter((chunk) => chunk.type === 'tool-output-available').length,
    text: chunks
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join(''),
  };
}

try {
  const url = await serverUrl();
  console.log(`npm run example: ${url}`);

  const page = await (await fetch(url)).text();
  assert.match(page, /<meta name="viewport"/);
  assert.match(page, /<script type="module" src="\/client.js">/);
  const script = await fetch(`${url}/client.js`);
  assert.equal(script.status, 200);
  console.log(`GET /: the page (${page.length} bytes), GET /client.js: ${script.status}`);

  const first = await chat(url, [recordedPrompt]);
  assert.deepEqual(
    first.errors.map((error) => String(error).split(':')[0]),
    ['Not run', 'Refused', 'Not run'],
  );
  assert.equal(first.results, 3);
  console.log(
    `POST /api/chat: refused turn ${JSON.stringify(first.errors.map((e) => String(e).split(':')[0]))}, then 3 results`,
  );
  console.log(`  answer: ${first.text}`);

  const followUp = await chat(url, [recordedPrompt, first.text, 'And in Berlin?']);
  assert.deepEqual(followUp, { errors: [], results: 0, text: offlineNote });
  console.log(`POST /api/chat (follow-up): ${followUp.text}`);
} catch (error) {
  console.error(output);
  console.error(error);
  process.exitCode = 1;
} finally {
  stop();
}
