// Drives the chat in a real Chromium (Debian's `chromium`, or CHROMIUM_PATH), on a desktop-sized
// and a phone-sized page: sends the recorded prompt, checks what the page shows for the refused
// turn, the corrected turn and the answer, then sends a follow-up, which offline must be answered
// honestly rather than by replaying the recording. Screenshots of both pages are kept in
// test-artifacts/ (chat-desktop.png, chat-phone.png).
//
//   node --test test/browser.test.ts

import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { offlineNote, recordedPrompt } from '../src/chat-model.ts';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));
const artifacts = `${exampleDir}test-artifacts`;

type Card = {
  state: string;
  verdict: string;
  badge: string;
  labels: string[];
  input: string;
  answer?: string;
};

const refusedOslo =
  'Refused: the arguments do not match the schema of tool "get_weather", so nothing was run.\n' +
  '"unit" must be one of "celsius" or "fahrenheit", not "kelvin".';
const notRun =
  'Not run: a call to tool "get_weather" in the same turn was refused, so no call of this turn was run. Send this call again together with the corrected call.';
const recordedAnswer =
  'Paris: 18 °C with light rain. Oslo: 4 °C and overcast now; the next three days 5, 7 and 6 °C. Tokyo: 24 °C and clear.';

/** Sends `text` from the page's form and waits until the reply has streamed in. */
async function send(page: Page, text: string): Promise<void> {
  const replies = await page.$$eval('.message-assistant', (elements) => elements.length);
  await page.$eval('form input', (input) => {
    (input as HTMLInputElement).select();
  });
  await page.keyboard.press('Backspace');
  await page.type('form input', text);
  await page.click('form button');
  // The chat is ready again when the stream has ended; a reply has then been added.
  await page.waitForFunction(
    (before) =>
      document.querySelector('main')?.dataset.status === 'ready' &&
      document.querySelectorAll('.message-assistant .text').length > before,
    { timeout: 30_000 },
    replies,
  );
}

/** The tool cards of the first reply, as the page shows them. */
function cardsOf(page: Page): Promise<Card[]> {
  return page.$$eval('.message-assistant .tool', (elements) =>
    elements.map((element) => ({
      state: (element as HTMLElement).dataset.state ?? '',
      verdict: (element as HTMLElement).dataset.verdict ?? '',
      badge: element.querySelector('.badge')?.textContent ?? '',
      labels: [...element.querySelectorAll('h3')].map((heading) => heading.textContent ?? ''),
      input: element.querySelector('.tool-input pre')?.textContent ?? '',
      answer: element.querySelector('.tool-answer pre')?.textContent ?? undefined,
    })),
  );
}

/** The texts of each assistant message. */
function repliesOf(page: Page): Promise<string[]> {
  return page.$$eval('.message-assistant', (elements) =>
    elements.map((element) =>
      [...element.querySelectorAll('.text')].map((text) => text.textContent ?? '').join('\n'),
    ),
  );
}

describe('examples/chat in Chromium', () => {
  let server: ChildProcess;
  let browser: Browser;
  let url = '';

  before(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
    delete env.OPENAI_API_KEY;
    server = spawn(process.execPath, ['server.ts'], { cwd: exampleDir, env });
    const [chunk] = (await once(server.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    url = /http:\/\/127\.0\.0\.1:\d+/.exec(chunk.toString())?.[0] ?? '';
    assert.ok(url, `the server printed no URL: ${chunk}`);
    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    await mkdir(artifacts, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    server?.kill();
  });

  describe('on a desktop-sized page', () => {
    let page: Page;
    let cards: Card[] = [];
    let replies: string[] = [];

    before(async () => {
      page = await browser.newPage();
      await page.setViewport({ width: 900, height: 1400 });
      await page.goto(url);
      await page.waitForSelector('form input');
      await send(page, recordedPrompt);
      cards = await cardsOf(page);
      await send(page, 'And in Berlin?');
      replies = await repliesOf(page);
      await page.screenshot({ path: `${artifacts}/chat-desktop.png`, fullPage: true });
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

    it('tells the refused call from the calls not run, and both from the calls that ran', () => {
      assert.deepEqual(
        cards.map((card) => [card.verdict, card.badge]),
        [
          ['not-run', 'Not run'],
          ['refused', 'Refused'],
          ['not-run', 'Not run'],
          ['ran', 'Ran'],
          ['ran', 'Ran'],
          ['ran', 'Ran'],
        ],
      );
    });

    it("labels each call's input and answer", () => {
      assert.deepEqual(
        cards.map((card) => card.labels),
        [
          ...Array.from({ length: 3 }, () => ["Input (model's arguments)", 'Answer']),
          ...Array.from({ length: 3 }, () => ['Input (as the tool received it)', 'Answer']),
        ],
      );
    });

    it("renders the refused call with the model's own arguments", () => {
      assert.deepEqual(
        cards.slice(0, 3).map((card) => card.input),
        [
          '{ "city": "Paris", "unit": "celsius", "days": null }',
          '{ "city": "Oslo", "unit": "kelvin", "days": 3 }',
          '{ "city": "Tokyo", "unit": null, "days": null }',
        ],
      );
    });

    it('renders exactly the Refused: answer the model read as the answer of the bad call', () => {
      assert.equal(cards[1]?.answer, refusedOslo);
    });

    it('renders exactly the Not run: answer as the answer of the other calls', () => {
      assert.deepEqual([cards[0]?.answer, cards[2]?.answer], [notRun, notRun]);
    });

    it("renders the corrected turn's inputs, decoded, and its results", () => {
      assert.deepEqual(
        cards.slice(3).map((card) => [JSON.parse(card.input), JSON.parse(card.answer ?? 'null')]),
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

    it("renders the model's answer, then answers a follow-up honestly instead of replaying", () => {
      assert.deepEqual(replies, [recordedAnswer, offlineNote]);
    });
  });

  describe('on a phone-sized page', () => {
    let page: Page;
    let layout = { viewport: 0, page: 0 };
    let verdicts: string[] = [];

    before(async () => {
      page = await browser.newPage();
      await page.setViewport({
        width: 390,
        height: 844,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      await page.goto(url);
      await page.waitForSelector('form input');
      await send(page, recordedPrompt);
      verdicts = (await cardsOf(page)).map((card) => card.verdict);
      layout = await page.evaluate(() => ({
        viewport: document.documentElement.clientWidth,
        page: document.documentElement.scrollWidth,
      }));
      // Captured by growing the viewport: capturing beyond it lays a mobile page out at 980px.
      await page.screenshot({
        path: `${artifacts}/chat-phone.png`,
        fullPage: true,
        captureBeyondViewport: false,
      });
    });

    it('lays the page out at the width of the phone, with nothing wider', () => {
      assert.deepEqual(layout, { viewport: 390, page: 390 });
    });

    it('shows the same refused turn and corrected turn', () => {
      assert.deepEqual(verdicts, ['not-run', 'refused', 'not-run', 'ran', 'ran', 'ran']);
    });
  });
});
