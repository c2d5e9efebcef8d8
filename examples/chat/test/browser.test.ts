// Drives the chat in a real Chromium (Debian's `chromium`, or CHROMIUM_PATH): sends the recorded
// prompt, and checks what the page shows for the refused turn, the corrected turn and the answer.
// A screenshot of the finished chat is kept in test-artifacts/chat.png.
//
//   node --test test/browser.test.ts

import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { recordedPrompt } from '../src/chat-model.ts';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const artifacts = `${exampleDir}test-artifacts`;

type Card = { state: string; input: string; output?: string; error?: string };

const refusedOslo =
  'Refused: the arguments do not match the schema of tool "get_weather", so nothing was run.\n' +
  '"unit" must be one of "celsius" or "fahrenheit", not "kelvin".';
const notRun =
  'Not run: a call to tool "get_weather" in the same turn was refused, so no call of this turn was run. Send this call again together with the corrected call.';

describe('examples/chat in Chromium', () => {
  let server: ChildProcess;
  let browser: Browser;
  let cards: Card[] = [];
  let answer = '';

  before(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
    delete env.OPENAI_API_KEY;
    server = spawn(process.execPath, ['server.ts'], { cwd: exampleDir, env });
    const [chunk] = (await once(server.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(chunk.toString())?.[0];
    assert.ok(url, `the server printed no URL: ${chunk}`);

    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const page = await browser.newPage();
    await page.setViewport({ width: 900, height: 1400 });
    await page.goto(url);
    await page.waitForSelector('form input');
    await page.$eval('form input', (input) => {
      (input as HTMLInputElement).select();
    });
    await page.keyboard.press('Backspace');
    await page.type('form input', recordedPrompt);
    await page.click('form button');
    // The answer streams in after both turns; the chat is ready again when the stream has ended.
    await page.waitForFunction(
      () =>
        document.querySelector('main')?.dataset.status === 'ready' &&
        document.querySelector('.message-assistant .text') !== null,
      { timeout: 30_000 },
    );
    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: `${artifacts}/chat.png`, fullPage: true });
    cards = await page.$$eval('.message-assistant .tool', (elements) =>
      elements.map((element) => ({
        state: (element as HTMLElement).dataset.state ?? '',
        input: element.querySelector('.tool-input')?.textContent ?? '',
        output: element.querySelector('.tool-output')?.textContent ?? undefined,
        error: element.querySelector('.tool-error')?.textContent ?? undefined,
      })),
    );
    answer = await page.$eval('.message-assistant .text', (element) => element.textContent ?? '');
  });

  after(async () => {
    await browser?.close();
    server?.kill();
  });

  it('renders the refused turn (three errors) before the corrected turn (three results)', () => {
    assert.deepEqual(
      cards.map((card) => card.state),
      [
        'output-error',
        'output-error',
        'output-error',
        'output-available',
        'output-available',
        'output-available',
      ],
    );
  });

  it("renders the refused call with the model's own arguments", () => {
    const inputs = cards.slice(0, 3).map((card) => card.input);
    assert.deepEqual(inputs, [
      '{"city":"Paris","unit":"celsius","days":null}',
      '{"city":"Oslo","unit":"kelvin","days":3}',
      '{"city":"Tokyo","unit":null,"days":null}',
    ]);
  });

  it('renders exactly the Refused: answer the model read as the error of the bad call', () => {
    assert.equal(cards[1]?.error, refusedOslo);
  });

  it('renders exactly the Not run: answer as the error of the other calls', () => {
    assert.deepEqual([cards[0]?.error, cards[2]?.error], [notRun, notRun]);
  });

  it("renders the corrected turn's inputs, decoded, and its results", () => {
    assert.deepEqual(
      cards.slice(3).map((card) => [JSON.parse(card.input), JSON.parse(card.output ?? 'null')]),
      [
        [
          { city: 'Paris', unit: 'celsius' },
          { city: 'Paris', unit: 'celsius', temperature: 18, sky: 'light rain' },
        ],
        [
          { city: 'Oslo', unit: 'celsius', days: 3 },
          { city: 'Oslo', unit: 'celsius', temperature: 4, sky: 'overcast', forecast: [5, 7, 6] },
        ],
        [{ city: 'Tokyo' }, { city: 'Tokyo', unit: 'celsius', temperature: 24, sky: 'clear' }],
      ],
    );
  });

  it("renders the model's answer", () => {
    assert.equal(
      answer,
      'Paris: 18 °C with light rain. Oslo: 4 °C and overcast now; the next three days 5, 7 and 6 °C. Tokyo: 24 °C and clear.',
    );
  });
});
