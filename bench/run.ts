// npm run bench [-- --transactions 100000 --duration 5]: seeds the heavy-user dataset (once), starts
// the real server on it, signs in through the normal flow and measures over real HTTP. Prints a
// table and writes bench/results-<database>.json. DATABASE_URL selects PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { openDatabase } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { HttpClient, signIn } from '../api/test/sign-in.ts';
import { HEAVY_USER, seedHeavy } from '../api/test/heavy-dataset.ts';
import { load, type LoadResult } from './load.ts';
import { benchClient, scenarioList } from './scenarios.ts';
import { buildServer } from '../api/scripts/build-server.ts';
import { freePort, startServer as startChild, stopServer } from './server.ts';
import { rssMb } from './proc.ts';
import { browserScenarios, type BrowserResult } from './browser.ts';
import { fairness, type FairnessResult } from './fairness.ts';
import { importScenario, rulesScenario, worstCaseScenario, type HealthLatency, type ImportResult } from './import.ts';
import { householdsCommand } from './households.ts';
import { costsCommand } from './operation-costs.ts';

const { values } = parseArgs({
  options: {
    // Defaults below: the households scenario has its own.
    transactions: { type: 'string' },
    duration: { type: 'string' },
    out: { type: 'string' },
    'data-dir': { type: 'string' },
    'browser-rounds': { type: 'string', default: '5' },
    // Only the scenarios whose names contain one of these (comma-separated), and nothing after them
    // (export, fairness, browser, imports): to compare one scenario across builds or dataset sizes.
    scenarios: { type: 'string' },
    // Idle seconds before the server's memory is read once the load is over (0 for a smoke run).
    settle: { type: 'string', default: '10' },
    // Seconds of requests before anything is timed: a server that has served a while (see below).
    warmup: { type: 'string' },
    // `--scenario households` (bench/households.ts): many users on two processes behind HAProxy, PostgreSQL only;
    // `--scenario costs` (bench/operation-costs.ts): the CPU of each of its requests, one at a time.
    scenario: { type: 'string' },
    households: { type: 'string', default: '1000' },
    users: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '100' },
    rate: { type: 'string', default: '300' },
    port: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    // The smoke run leaves out bench/schedules.ts, which a full run ends with.
    'skip-schedules': { type: 'boolean', default: false },
  },
});
const transactions = Number.parseInt(values.transactions ?? '100000', 10);
const durationMs = Number.parseFloat(values.duration ?? '5') * 1000;
const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL;
const kind = databaseUrl ? 'postgres' : 'pglite';
const dataDir = path.resolve(values['data-dir'] ?? path.join(root, 'bench', `.data-${transactions}`));
const outFile = path.resolve(values.out ?? path.join(root, 'bench', `results-${kind}.json`));
const only = values.scenarios?.split(',').map((part) => part.trim().toLowerCase());

// The runs of their own on PostgreSQL: `--scenario households` (many users on two processes behind
// HAProxy) and `--scenario costs` (the CPU of each of their requests, one at a time).
const householdsData = (databaseUrl: string) => ({
  databaseUrl,
  households: Number.parseInt(values.households!, 10),
  transactions: Number.parseInt(values.transactions ?? '1000', 10),
});
const ownRuns: Record<string, (databaseUrl: string) => Promise<void>> = {
  households: (databaseUrl) =>
    householdsCommand(
      {
        ...householdsData(databaseUrl),
        users: Number.parseInt(values.users!, 10),
        durationSeconds: Number.parseFloat(values.duration ?? '30'),
        warmupSeconds: Number.parseFloat(values.warmup ?? '10'),
        rate: Number.parseFloat(values.rate!),
        port: values.port ? Number.parseInt(values.port, 10) : undefined,
        cpuProfileDir: values['cpu-prof'] ? path.join(root, 'bench', '.profiles') : undefined,
      },
      outFile,
    ),
  costs: (databaseUrl) => costsCommand({ ...householdsData(databaseUrl), rounds: Number.parseInt(values.rounds!, 10) }, outFile),
};
if (values.scenario) {
  const run = ownRuns[values.scenario];
  if (!run) throw new Error(`--scenario ${values.scenario}: not one of ${Object.keys(ownRuns).join(', ')}`);
  if (!databaseUrl) throw new Error(`--scenario ${values.scenario} runs on PostgreSQL: set DATABASE_URL`);
  await buildServer();
  await run(databaseUrl);
  process.exit(0);
}

/** Seeds the dataset unless the database already holds it; returns the seed time, if it ran. */
async function prepare(): Promise<number | null> {
  const db = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir });
  try {
    await migrate(db);
    const user = await db.prisma.user.findFirst({ where: { email: HEAVY_USER.email }, select: { id: true } });
    const count = user ? await db.prisma.transaction.count({ where: { userId: user.id } }) : 0;
    if (count === transactions) return null;
    const t0 = performance.now();
    await seedHeavy(db.prisma, { transactions });
    return (performance.now() - t0) / 1000;
  } finally {
    await db.close();
  }
}

/** Disk used by a folder and everything in it (allocated blocks, as `du` counts), in MB. */
function folderMb(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).reduce((mb, entry) => {
    if (!entry.isFile()) return mb;
    return mb + (fs.statSync(path.join(entry.parentPath, entry.name)).blocks * 512) / 1024 / 1024;
  }, 0);
}

const webBuilt = fs.existsSync(path.join(root, 'dist', 'web', 'index.html'));

// The browser scenarios need the web build (`npm run build`); without it the API alone.
const startServer = (port: number) => startChild(port, { DATA_DIR: dataDir, SERVE_WEB: String(webBuilt) });

/** The initial JavaScript of the web build: index.html's script and modulepreloads, gzipped. */
function initialJsGzipKb() {
  const dist = path.join(root, 'dist', 'web');
  if (!fs.existsSync(path.join(dist, 'index.html'))) return null;
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // A file named twice (the boot script's preload and Vite's) downloads once.
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  return [...files].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;
}

await buildServer();
const seedSeconds = await prepare();
const port = await freePort();
const server = await startServer(port);
const base = `http://localhost:${port}`;
const rows: { name: string; c1?: LoadResult; c10?: LoadResult }[] = [];
const extra: Record<string, number | null> = {};
let browser: BrowserResult | null = null;
let fair: FairnessResult | null = null;
let imported: ImportResult | null = null;
try {
  const client = await signIn(base, HEAVY_USER.email, HEAVY_USER.password, new HttpClient(base));
  const cookie = await client.jar.getCookieString(base);
  const requests = benchClient(base, cookie);
  const allScenarios = await scenarioList(requests);
  const scenarios = only ? allScenarios.filter(([name]) => only.some((part) => name.toLowerCase().includes(part))) : allScenarios;
  // A server that has been up a while: V8 compiles a process's hot paths with its optimizing tier only
  // after thousands of calls, so a fresh request to a just-started server costs more than it does
  // once warm (docs/performance.md#how-it-is-measured).
  requests.fresh = true;
  for (const until = performance.now() + Number.parseFloat(values.warmup ?? '15') * 1000; performance.now() < until;)
    for (const [name, request] of scenarios) if (!name.startsWith('GET')) await (await request()).arrayBuffer();
  for (const mode of ['fresh', 'cached'] as const) {
    requests.fresh = mode === 'fresh';
    for (const [name, request, maxRequests] of scenarios) {
      if (mode === 'cached' && name.startsWith('GET')) continue; // REST answers are never cached
      await load(request, { connections: 1, durationMs: Math.min(1000, durationMs), maxRequests: 5 }); // warm-up
      const c1 = await load(request, { connections: 1, durationMs, maxRequests });
      const c10 = await load(request, { connections: 10, durationMs, maxRequests });
      rows.push({ name: `${name} [${mode}]`, c1, c10 });
      const refused = c1.refused + c10.refused ? `, ${c1.refused + c10.refused} refused 429 (at most 2 full reads per user at once)` : '';
      console.log(
        `  ${name} [${mode}]: p95 ${c1.p95.toFixed(1)} ms (1) / ${c10.p95.toFixed(1)} ms (10), ${c10.rps.toFixed(0)} req/s${refused}`,
      );
    }
  }

  if (!only) {
    // The CSV export of every transaction: first byte, total, and the server's extra memory.
    const baseline = rssMb(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 10);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/export/transactions.csv?period=all`, { headers: { cookie } });
    const reader = res.body!.getReader();
    let firstByte = 0;
    let bytes = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - t0;
      bytes += value.byteLength;
    }
    const total = performance.now() - t0;
    clearInterval(sampler);
    extra.csvFirstByteMs = firstByte;
    extra.csvTotalMs = total;
    extra.csvExtraMemoryMb = peak - baseline;
    extra.csvMegabytes = bytes / 1024 / 1024;
    fair = await fairness(base, cookie, { durationMs: Math.max(1000, durationMs), pid: server.pid! });
    console.log(
      `  fairness: another user's dashboard p50 ${fair.light.p50.toFixed(1)} / p95 ${fair.light.p95.toFixed(1)} ms while 30 full reads ran`,
    );
    if (webBuilt) browser = await browserScenarios(base, cookie, Number.parseInt(values['browser-rounds']!, 10));
    else console.warn('!!! Browser scenarios skipped: no web build (run `npm run build` first)');
  }

  // Memory once the load is over: V8 gives back what it can after a few idle seconds.
  await new Promise((r) => setTimeout(r, Number.parseFloat(values.settle!) * 1000));
  extra.serverRssAfterMb = rssMb(server.pid!);
} finally {
  await stopServer(server);
}
if (only) {
  // The chosen scenarios alone (--scenarios): their p50 / p95 / p99 at 1 and 10 clients, nothing written.
  const f = (r?: LoadResult) => (r ? `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}` : '');
  console.log(`\n| ${kind} · ${transactions.toLocaleString('en-US')} transactions | 1 client | 10 clients |\n|---|---|---|`);
  for (const r of rows) console.log(`| ${r.name} | ${f(r.c1)} | ${f(r.c10)} |`);
  process.exit(rows.some((r) => (r.c1?.errors ?? 0) + (r.c10?.errors ?? 0) > 0) ? 1 : 0);
}
// The import of a bank file as large as the dataset (a 10 MB CSV at 100,000 rows), on a database of its
// own; 100,000 rows at most, the size the import's targets are set for (a larger run is about the history).
const importRows = Math.min(transactions, 100_000);
imported = await importScenario(importRows, databaseUrl);
console.log(
  `  import: ${imported.rows} rows previewed in ${imported.previewSeconds.toFixed(2)} s, imported in ${imported.importSeconds.toFixed(2)} s (${imported.imported} rows written)`,
);
// What 50 rules add to the same import (docs/performance.md#rules-during-an-import): users without and with rules, alternated.
const ruled = await rulesScenario(importRows, databaseUrl);
const rulesLine = `Import with ${ruled.rules} rules, ${ruled.rows.toLocaleString('en-US')} rows: preview and import ${ruled.withRulesSeconds.toFixed(2)} s against ${ruled.withoutRulesSeconds.toFixed(2)} s without rules (${((ruled.withRulesSeconds / ruled.withoutRulesSeconds - 1) * 100).toFixed(1)} % more; CPU ${ruled.withRulesCpuSeconds.toFixed(2)} s against ${ruled.withoutRulesCpuSeconds.toFixed(2)} s; the engine alone ${(ruled.engineSeconds * 1000).toFixed(0)} ms; ${ruled.rowsRuled} rows changed by a rule)`;
console.log(`  ${rulesLine}`);
// The worst case for duplicate detection, over HTTP on a server of its own, `/healthz` asked throughout.
const worst = await worstCaseScenario(importRows, databaseUrl);
const health = (h: HealthLatency) =>
  `/healthz p50 ${h.p50.toFixed(1)} ms, max ${h.max.toFixed(1)} ms (${h.requests} asked)${h.longestBlockCpu === null ? '' : `, longest event-loop block ${h.longestBlockCpu.toFixed(0)} ms of CPU`}`;
const worstLine = `Import worst case, ${worst.rows.toLocaleString('en-US')} rows of one amount against ${worst.rows.toLocaleString('en-US')} records of it on the same days: preview ${worst.previewSeconds.toFixed(2)} s (server CPU ${worst.previewCpuSeconds.toFixed(2)} s; ${health(worst.previewHealthz)}), by GraphQL ${worst.previewGraphqlSeconds.toFixed(2)} s (CPU ${worst.previewGraphqlCpuSeconds.toFixed(2)} s; ${health(worst.previewGraphqlHealthz)}); writing the records ${worst.commitSeconds.toFixed(2)} s (CPU ${worst.commitCpuSeconds.toFixed(2)} s; ${health(worst.commitHealthz)}); no import running: ${health(worst.idleHealthz)}`;
console.log(`  ${worstLine}`);
extra.initialJsGzipKb = initialJsGzipKb();
// The embedded database's folder as the benchmark leaves it (its writes included).
if (kind === 'pglite') extra.dataFolderMb = folderMb(dataDir);
extra.seedSeconds = seedSeconds;

const ms = (n?: number) => (n === undefined ? '' : n.toFixed(1));
const table = [
  `| ${kind} · ${transactions.toLocaleString('en-US')} transactions | p50 / p95 / p99 ms (1 client) | req/s (1) | p50 / p95 / p99 ms (10 clients) | req/s (10) |`,
  '|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${ms(r.c1?.p50)} / ${ms(r.c1?.p95)} / ${ms(r.c1?.p99)} | ${r.c1?.rps.toFixed(0)} | ${ms(r.c10?.p50)} / ${ms(r.c10?.p95)} / ${ms(r.c10?.p99)} | ${r.c10?.rps.toFixed(0)} |`,
  ),
  '',
  `CSV export (${extra.csvMegabytes?.toFixed(1)} MB): first byte ${ms(extra.csvFirstByteMs!)} ms, total ${ms(extra.csvTotalMs!)} ms, extra server memory ${ms(extra.csvExtraMemoryMb!)} MB`,
  fair
    ? `Fairness: another user's fresh dashboard p50 / p95 / max ${ms(fair.light.p50)} / ${ms(fair.light.p95)} / ${ms(fair.light.max)} ms (${fair.light.requests} requests) while one user kept 30 full lists/CSV exports going (${fair.heavy.ok} answered, ${fair.heavy.refused} refused 429); server RSS peak ${ms(fair.rssPeakMb)} MB`
    : '',
  browser
    ? `Browser (headless Chromium, medians of ${values['browser-rounds']}): cold load to Dashboard figures ${ms(browser.coldLoadMs)} ms, ${ms(browser.coldLoadKb)} KB transferred; warm navigation ${Object.entries(
        browser.navigationMs,
      )
        .map(([label, t]) => `${label} ${t.toFixed(0)}`)
        .join(
          ', ',
        )} ms (each once the screen before has settled; Accounts at the first idle moment of a cold load ${browser.clickWhileLoadingMs.toFixed(0)} ms); Transactions scrolled to its 1,000th row ${browser.scrollToThousandth.ms.toFixed(0)} ms (${browser.scrollToThousandth.requests} requests, ${browser.scrollToThousandth.rowsInDocument} rows in the document)`
    : 'Browser: not measured',
  `Import of a ${imported.megabytes.toFixed(1)} MB, ${imported.rows.toLocaleString('en-US')}-row bank CSV: preview ${imported.previewSeconds.toFixed(2)} s, import ${imported.importSeconds.toFixed(2)} s (previews again, then writes), preview again with every row a duplicate ${imported.previewAgainSeconds.toFixed(2)} s (${imported.duplicatesFound} found)`,
  rulesLine,
  worstLine,
  `Server RSS after the benchmark: ${ms(extra.serverRssAfterMb!)} MB${extra.dataFolderMb === undefined ? '' : ` · data folder ${ms(extra.dataFolderMb!)} MB`} · initial JS (gzip): ${extra.initialJsGzipKb === null ? 'not built' : `${extra.initialJsGzipKb.toFixed(1)} KB`} · seed: ${seedSeconds === null ? 'reused' : `${seedSeconds.toFixed(1)} s`}`,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`,
].join('\n');
console.log(`\n${table}\n`);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
// The households scenario's figures and its requests' costs (`--scenario households` / `costs`, runs of
// their own) stay until they run again.
const { households, operationCosts } = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : {};
fs.writeFileSync(
  outFile,
  JSON.stringify(
    {
      database: kind,
      transactions,
      durationMs,
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      scenarios: rows,
      fairness: fair,
      import: imported,
      importWorstCase: worst,
      importRules: ruled,
      browser,
      ...extra,
      households,
      operationCosts,
    },
    null,
    2,
  ),
);
console.log(`Wrote ${path.relative(process.cwd(), outFile)}`);
const failed = rows.some((r) => (r.c1?.errors ?? 0) + (r.c10?.errors ?? 0) > 0);
if (failed) console.error('Some requests failed.');
// Then the schedules' budgets on the same dataset (bench/schedules.ts), here rather than in the npm
// script, so that `npm run bench -- <options>` hands its options to this file.
const schedules = values['skip-schedules']
  ? null
  : spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench', 'schedules.ts'), '--transactions', String(transactions), '--data-dir', dataDir],
      { stdio: 'inherit' },
    );
if (failed || (schedules && schedules.status !== 0)) process.exit(1);
