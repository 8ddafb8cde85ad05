// The browser scenarios of `npm run bench` (docs/performance.md#in-the-browser): a cold load of the
// Dashboard in a new browser profile (time to its figures, bytes transferred) and warm in-app
// navigation to each screen, in headless Chromium against the benchmark's server.
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { percentile } from './load.ts';
import { scrollToTransaction, type ScrollResult } from './browser-scroll.ts';
import { signedInContext } from './browser-context.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The sidebar's screens in order (web/src/app/shell/nav-items.ts), then back to the Dashboard.
const SCREENS = [
  ['Accounts', '/accounts'],
  ['Add Paycheck', '/paycheck'],
  ['Budget', '/budget'],
  ['Recurring Bills', '/bills'],
  ['Savings Goals', '/goals'],
  ['Transactions', '/transactions'],
  ['Reports', '/reports'],
  ['Dashboard', '/'],
] as const;

export interface BrowserResult {
  coldLoadMs: number;
  coldLoadKb: number;
  navigationMs: Record<string, number>;
  /** The first screen's click (Accounts) at the first idle moment of a cold load, before the Dashboard has settled. */
  clickWhileLoadingMs: number;
  /** Transactions scrolled to its 1,000th row (bench/browser-scroll.ts): the median round's. */
  scrollToThousandth: ScrollResult;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Once `path` is the location and its screen shows an h1 with no loading placeholder left and
 * every chart drawn (a chart measures its box after it mounts, then draws), with `text` shown when
 * given: the page's clock then (ms since the page's navigation started).
 */
async function screenReady(page: Page, path: string, text = '') {
  const at = await page.waitForFunction(
    ([p, t]) => {
      // Runs in the page; this project's types have no DOM, hence the narrow shape.
      const { location, document, performance } = globalThis as unknown as {
        location: { pathname: string };
        document: { querySelector(s: string): { dataset: Record<string, string> } | null; body: { textContent: string } };
        performance: { now(): number };
      };
      const heading = document.querySelector('main h1');
      const ready =
        location.pathname === p &&
        // The new screen's: the URL changes at the click, and the old screen stays until the new one is ready.
        heading !== null &&
        heading.dataset.beforeClick === undefined &&
        document.querySelector('[aria-busy="true"]') === null &&
        // Drawn: its axes' labels are there (the chart's svg comes a task before them).
        document.querySelector('.recharts-responsive-container:not(:has(.recharts-cartesian-axis-tick-value))') === null &&
        (!t || document.body.textContent.includes(t)); // textContent: no layout forced by the measuring itself
      return ready && performance.now();
    },
    [path, text] as const,
    { polling: 'raf' },
  );
  return (await at.jsonValue()) as number;
}

/**
 * Notes in the page the time of the next click (the event's own timestamp, on the page's clock),
 * and marks the heading on view then.
 */
function markNextClick(page: Page) {
  return page.evaluate(() => {
    const w = globalThis as unknown as {
      clickAt?: number;
      document: {
        addEventListener(type: string, f: (e: { timeStamp: number }) => void, o: object): void;
        querySelector(s: string): { dataset: Record<string, string> } | null;
      };
    };
    w.clickAt = undefined;
    // The heading of the screen on view at the click, so that it is not taken for the next screen's.
    const heading = w.document.querySelector('main h1');
    if (heading) heading.dataset.beforeClick = '';
    w.document.addEventListener('click', (e) => (w.clickAt = e.timeStamp), { capture: true, once: true });
  });
}

/** Clicks the sidebar's `label`: ms from the click to `path`'s screen ready, on the page's clock (not the test driver's own steps). */
async function click(page: Page, label: string, path: string) {
  await markNextClick(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  const readyAt = await screenReady(page, path);
  return readyAt - (await page.evaluate(() => (globalThis as unknown as { clickAt: number }).clickAt));
}

/** Resolves at the page's next idle moment. */
function idle(page: Page) {
  return page.evaluate(
    () =>
      new Promise<void>((done) =>
        (globalThis as unknown as { requestIdleCallback(f: () => void, o: { timeout: number }): void }).requestIdleCallback(() => done(), {
          timeout: 2000,
        }),
      ),
  );
}

/**
 * Counts the page's requests in flight from now on, the live updates' stream aside (it stays open).
 * `quiet()` resolves once none has been in flight for `ms`.
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const counted = (req: Request) => !(req.headers()['accept'] ?? '').includes('text/event-stream');
  const change = (by: number) => (req: Request) => {
    if (!counted(req)) return;
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return {
    /** At most `limitMs`: a request that never ends (a stuck fetch) does not hold the benchmark. */
    async quiet(ms = 100, limitMs = 5000) {
      const until = Date.now() + limitMs;
      while ((inFlight > 0 || Date.now() - lastChange < ms) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

/**
 * Resolves once the screen has settled: nothing left to load (what it fetches after its first
 * frame, such as a chart's code, and the other screens' code fetched ahead while idle), then at
 * the page's next idle moment, the screen's work done.
 */
async function settled(page: Page, requests: ReturnType<typeof trackRequests>) {
  await requests.quiet();
  await idle(page);
}

/**
 * One cold load: a new profile (empty cache), `/` until the Dashboard's figures show, from the
 * start of the navigation; bytes as sent over the wire until then.
 */
export async function coldLoad(context: BrowserContext) {
  const page = await context.newPage();
  const requests = trackRequests(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let counting = true;
  cdp.on('Network.loadingFinished', (e) => counting && (bytes += e.encodedDataLength));
  await page.goto('/', { waitUntil: 'commit' });
  const ms = await screenReady(page, '/', 'Total Income');
  counting = false;
  return { page, ms, kb: bytes / 1024, requests };
}

/**
 * `rounds` cold loads and, after each, one click on every sidebar screen; medians. Null without
 * Chromium. In `shared`, a browser already launched (bench/paint.ts), left open.
 */
export async function browserScenarios(base: string, cookie: string, rounds: number, shared?: Browser): Promise<BrowserResult | null> {
  if (!shared && !fs.existsSync(CHROMIUM)) {
    console.warn(`!!! Browser scenarios skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return null;
  }
  const browser = shared ?? (await chromium.launch({ executablePath: CHROMIUM }));
  const cold: { ms: number; kb: number }[] = [];
  const clicks: Record<string, number[]> = {};
  const scrolls: ScrollResult[] = [];
  const clickWhileLoading: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const context = await signedInContext(browser, base, cookie);
      const { page, ms, kb, requests } = await coldLoad(context);
      cold.push({ ms, kb });
      for (const [label, path] of SCREENS) {
        // A user clicks on a screen that has settled, not while it is still drawing.
        await settled(page, requests);
        (clicks[label] ??= []).push(await click(page, label, path));
      }
      scrolls.push(await scrollToTransaction(context));
      await context.close();
      // The same first click at the page's first idle moment right after a cold load: the
      // Dashboard still loads and draws its chart, and the other screens' code downloads.
      const early = await signedInContext(browser, base, cookie);
      const first = await coldLoad(early);
      await idle(first.page);
      clickWhileLoading.push(await click(first.page, SCREENS[0][0], SCREENS[0][1]));
      await early.close();
    }
  } finally {
    if (!shared) await browser.close();
  }
  return {
    coldLoadMs: median(cold.map((c) => c.ms)),
    coldLoadKb: median(cold.map((c) => c.kb)),
    navigationMs: Object.fromEntries(Object.entries(clicks).map(([label, ms]) => [label, median(ms)])),
    clickWhileLoadingMs: median(clickWhileLoading),
    scrollToThousandth: scrolls.sort((a, b) => a.ms - b.ms)[Math.floor((scrolls.length - 1) / 2)]!,
  };
}
