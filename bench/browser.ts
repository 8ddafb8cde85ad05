// The browser scenarios of `npm run bench` (docs/performance.md#in-the-browser): a cold load of the
// Dashboard in a new browser profile (time to its figures, bytes transferred) and warm in-app
// navigation to each screen, in headless Chromium against the benchmark's server.
import fs from 'node:fs';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { percentile } from './load.ts';

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
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Resolves once `path` is the location and its screen shows an h1 with no loading placeholder left. */
function screenReady(page: Page, path: string) {
  return page.waitForFunction(
    (p) => {
      // Runs in the page; this project's types have no DOM, hence the narrow shape.
      const { location, document } = globalThis as unknown as {
        location: { pathname: string };
        document: { querySelector(s: string): unknown };
      };
      return location.pathname === p && document.querySelector('main h1') !== null && document.querySelector('[aria-busy="true"]') === null;
    },
    path,
    { polling: 'raf' },
  );
}

async function signedInContext(browser: import('@playwright/test').Browser, base: string, cookie: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const url = new URL(base);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' };
    }),
  );
  return context;
}

/** One cold load: a new profile (empty cache), `/` until the Dashboard's figures show; bytes as sent over the wire. */
async function coldLoad(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  const t0 = performance.now();
  await page.goto('/');
  await screenReady(page, '/');
  await page.getByText('Total Income', { exact: true }).waitFor();
  const ms = performance.now() - t0;
  return { page, ms, kb: bytes / 1024 };
}

/** `rounds` cold loads and, after each, one click on every sidebar screen; medians. Null without Chromium. */
export async function browserScenarios(base: string, cookie: string, rounds: number): Promise<BrowserResult | null> {
  if (!fs.existsSync(CHROMIUM)) {
    console.warn(`!!! Browser scenarios skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return null;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const cold: { ms: number; kb: number }[] = [];
  const clicks: Record<string, number[]> = {};
  try {
    for (let round = 0; round < rounds; round++) {
      const context = await signedInContext(browser, base, cookie);
      const { page, ms, kb } = await coldLoad(context);
      cold.push({ ms, kb });
      for (const [label, path] of SCREENS) {
        const t0 = performance.now();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
        await screenReady(page, path);
        (clicks[label] ??= []).push(performance.now() - t0);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    coldLoadMs: median(cold.map((c) => c.ms)),
    coldLoadKb: median(cold.map((c) => c.kb)),
    navigationMs: Object.fromEntries(Object.entries(clicks).map(([label, ms]) => [label, median(ms)])),
  };
}
