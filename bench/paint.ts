// npm run bench:paint [-- --rounds 5 --against DIR]: the browser scenarios of `npm run bench` alone,
// on the benchmark's data (bench/.data-<N>, or DATABASE_URL's database, seeded by `npm run bench`
// or `npm run seed:heavy`), with where a cold load's time goes: when the page's resources were
// asked for and arrived, and what its main thread did, from a Chromium trace of each cold load
// (docs/performance.md#the-cold-load). Then the server's memory once idle. Needs `npm run build`.
//
// `--against DIR`: another build, side by side (DIR holds its package.json, dist/, prisma/ and
// web/src/__generated__/persisted-documents.json; node_modules may be a link to these). Both
// servers run at once (on PGlite, the other on a copy of the data folder made once in DIR/.data)
// and each round loads one then the other, so the host's swings fall on both alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { HttpClient, signIn } from '../api/test/sign-in.ts';
import { HEAVY_USER } from '../api/test/heavy-dataset.ts';
import { buildServer, serverBundle } from '../api/scripts/build-server.ts';
import { percentile } from './load.ts';
import { freePort, startServer, stopServer } from './server.ts';
import { rssMb } from './proc.ts';
import { browserScenarios, coldLoad } from './browser.ts';
import { signedInContext } from './browser-context.ts';
import { traceSummary } from './trace-summary.ts';

// The timeline without the sampling profiler, which would slow the page it measures.
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'toplevel',
  'loading',
  'v8',
];

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    against: { type: 'string' },
    // Idle seconds before the servers' memory is read.
    settle: { type: 'string', default: '10' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'bench', `.data-${values.transactions}`);
const rounds = Number.parseInt(values.rounds!, 10);
const median = (v: number[]) =>
  percentile(
    [...v].sort((a, b) => a - b),
    50,
  );

interface Build {
  label: string;
  server: ChildProcess;
  base: string;
  cookie: string;
  phases: Record<string, number[]>;
  clicks: Record<string, number[]>;
}

async function start(label: string, bundle: string, data: string): Promise<Build> {
  const port = await freePort();
  const server = await startServer(port, { DATA_DIR: data, SERVE_WEB: 'true' }, [], bundle);
  const base = `http://localhost:${port}`;
  try {
    const client = await signIn(base, HEAVY_USER.email, HEAVY_USER.password, new HttpClient(base));
    return { label, server, base, cookie: await client.jar.getCookieString(base), phases: {}, clicks: {} };
  } catch (err) {
    // Not signed in (the data not seeded): the server, not yet in `builds`, must not outlive the run.
    await stopServer(server);
    throw new Error(`${label}: could not sign in as ${HEAVY_USER.email} (seed the data with npm run bench or seed:heavy)`, { cause: err });
  }
}

/** One traced cold load: its phases noted in `build.phases`. */
async function tracedColdLoad(browser: Browser, build: Build) {
  const context = await signedInContext(browser, build.base, build.cookie);
  const file = path.join(os.tmpdir(), `paint-trace-${process.pid}.json`);
  await browser.startTracing(undefined, { path: file, screenshots: false, categories: TRACE_CATEGORIES });
  const { ms } = await coldLoad(context);
  await browser.stopTracing();
  for (const [name, t] of Object.entries(traceSummary(JSON.parse(fs.readFileSync(file, 'utf8')), ms))) (build.phases[name] ??= []).push(t);
  await context.close();
}

await buildServer();
const builds: Build[] = [];
try {
  const other = values.against && path.resolve(values.against);
  const otherData = other && path.join(other, '.data');
  // A copy of the data folder as no server has it open (without its lock file).
  if (otherData && !process.env.DATABASE_URL && !fs.existsSync(otherData))
    fs.cpSync(dataDir, otherData, { recursive: true, filter: (f) => path.basename(f) !== 'server.pid' });
  builds.push(await start('this build', serverBundle, dataDir));
  if (other) builds.push(await start(path.basename(other), path.join(other, 'dist', 'server.js'), otherData!));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (let round = 0; round < rounds; round++) {
      for (const build of builds) await tracedColdLoad(browser, build);
      // The benchmark's own scenarios (an untraced cold load, then a click on every screen).
      for (const build of builds) {
        const result = await browserScenarios(build.base, build.cookie, 1, browser);
        (build.phases['cold load, untraced'] ??= []).push(result!.coldLoadMs);
        for (const [label, ms] of Object.entries(result!.navigationMs)) (build.clicks[label] ??= []).push(ms);
        (build.clicks['Accounts at the first idle moment'] ??= []).push(result!.clickWhileLoadingMs);
      }
    }
  } finally {
    await browser.close();
  }
  await new Promise((r) => setTimeout(r, Number.parseFloat(values.settle!) * 1000));
  for (const build of builds) {
    console.log(
      `\n${build.label} (${process.env.DATABASE_URL ? 'postgres' : 'pglite'}), medians of ${rounds}, ms from the navigation's start:`,
    );
    for (const [name, v] of Object.entries(build.phases)) console.log(`  ${name.padEnd(48)} ${median(v).toFixed(1)}`);
    console.log(
      `  clicks: ${Object.entries(build.clicks)
        .map(([label, v]) => `${label} ${median(v).toFixed(0)}`)
        .join(', ')}`,
    );
    console.log(`  server RSS after ${values.settle} idle s: ${rssMb(build.server.pid!).toFixed(1)} MB`);
  }
} finally {
  for (const build of builds) await stopServer(build.server);
}
