// The long-list scenario of `npm run bench` (docs/performance.md#the-transactions-list): Transactions
// of the heavy user, scrolled until its 1,000th transaction is on screen. Also runs alone against a
// server already up, to profile it: `npx tsx bench/browser-scroll.ts --base http://localhost:PORT
// [--rounds 3] [--trace trace.json]` (the heavy user signs in itself; the trace opens in Chromium's
// Performance panel).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import { HEAVY_USER } from '../api/test/heavy-dataset.ts';
import { HttpClient, signIn } from '../api/test/sign-in.ts';
import { signedInContext } from './browser-context.ts';

/** Which transaction to reach: the list's thousandth, newest first. */
export const SCROLL_TARGET = 1000;

export interface ScrollResult {
  /** From the first scroll to the frame that shows the target row. */
  ms: number;
  /** The GraphQL requests the list sent meanwhile (its pages). */
  requests: number;
  /** The list's rows in the document then: all of those loaded, or only those near the screen. */
  rowsInDocument: number;
}

/**
 * Opens Transactions in `context`, waits for its first page to settle, then scrolls as someone in a
 * hurry does: to the end of the page (the End key) in every frame while the rows on screen are
 * before the target, back by most of a screen (Page Up) once they are past it, until the target
 * row is on screen. A row's place in the list is its `aria-posinset` when the list says it (a
 * windowed list has only some of its rows in the document), else its place among the list's items.
 */
export async function scrollToTransaction(context: BrowserContext, nth = SCROLL_TARGET): Promise<ScrollResult> {
  const page = await context.newPage();
  // tsx names the functions of the in-page code below with a helper of its own (`__name`), which the page lacks.
  await page.addInitScript('globalThis.__name = (f) => f');
  let requests = 0;
  let counting = false;
  page.on('request', (r) => counting && r.url().endsWith('/graphql') && requests++);
  await page.goto('/transactions');
  const list = page.getByRole('list', { name: 'Transactions', exact: true });
  await list.locator('li').first().waitFor();
  // A user starts scrolling on a settled screen, not while it is still drawing.
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        (globalThis as unknown as { requestIdleCallback(f: () => void, o: { timeout: number }): void }).requestIdleCallback(() => done(), {
          timeout: 2000,
        }),
      ),
  );
  counting = true;
  const result = await page.evaluate((target) => {
    // Runs in the page; this project's types have no DOM, hence the narrow shapes.
    interface Item {
      parentElement: Item | null;
      children: ArrayLike<Item> & Iterable<Item>;
      getAttribute(name: string): string | null;
      closest(selector: string): Item | null;
    }
    const w = globalThis as unknown as {
      document: {
        querySelector(s: string): Item | null;
        elementFromPoint(x: number, y: number): Item | null;
        documentElement: { scrollHeight: number };
      };
      innerWidth: number;
      innerHeight: number;
      scrollTo(x: number, y: number): void;
      scrollBy(x: number, y: number): void;
      requestAnimationFrame(f: () => void): void;
      performance: { now(): number };
    };
    const place = (li: Item) => Number(li.getAttribute('aria-posinset') ?? Array.from(li.parentElement!.children).indexOf(li) + 1);
    /** The places of the list's rows under a few points down the middle of the screen. */
    const onScreen = () => {
      const places: number[] = [];
      for (let y = 0.2; y < 1; y += 0.15) {
        const li = w.document.elementFromPoint(w.innerWidth * 0.6, w.innerHeight * y)?.closest('ul[aria-label="Transactions"] > li');
        if (li) places.push(place(li));
      }
      return places;
    };
    const start = w.performance.now();
    return new Promise<{ ms: number; rowsInDocument: number }>((resolve, reject) => {
      const frame = () => {
        const places = onScreen();
        if (places.includes(target) || (places.some((p) => p < target) && places.some((p) => p > target))) {
          const rows = w.document.querySelector('ul[aria-label="Transactions"]')!.children.length;
          resolve({ ms: w.performance.now() - start, rowsInDocument: rows });
          return;
        }
        if (w.performance.now() - start > 60_000) reject(new Error(`row ${target} not reached in 60 s (on screen: ${places.join(', ')})`));
        else if (places.length > 0 && Math.min(...places) > target) w.scrollBy(0, -w.innerHeight * 0.8);
        else w.scrollTo(0, w.document.documentElement.scrollHeight);
        w.requestAnimationFrame(frame);
      };
      w.requestAnimationFrame(frame);
    });
  }, nth);
  counting = false;
  await page.close();
  return { ...result, requests };
}

// Alone: against a running server, each round in a new profile, with a Chromium trace of the last when asked.
if (import.meta.filename === fs.realpathSync(process.argv[1]!)) {
  const { values } = parseArgs({
    options: { base: { type: 'string' }, rounds: { type: 'string', default: '3' }, trace: { type: 'string' } },
  });
  if (!values.base) throw new Error('--base http://localhost:PORT (a server with the heavy seed, SERVE_WEB=true)');
  const client = await signIn(values.base, HEAVY_USER.email, HEAVY_USER.password, new HttpClient(values.base));
  const cookie = await client.jar.getCookieString(values.base);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const rounds = Number.parseInt(values.rounds!, 10);
    for (let round = 1; round <= rounds; round++) {
      const context = await signedInContext(browser, values.base, cookie);
      const tracing = values.trace && round === rounds;
      if (tracing)
        await browser.startTracing(undefined, {
          screenshots: false,
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-v8.cpu_profiler',
            'v8.execute',
            'blink.user_timing',
          ],
        });
      const r = await scrollToTransaction(context);
      if (tracing) fs.writeFileSync(values.trace!, await browser.stopTracing());
      console.log(
        `round ${round}: transaction ${SCROLL_TARGET} on screen after ${r.ms.toFixed(0)} ms, ${r.requests} requests, ${r.rowsInDocument} rows in the document`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
