// The import scenarios of `npm run bench` (docs/product.md#import, docs/performance.md#imports):
// - a bank CSV of `rows` rows (Chase's layout, ~100 bytes a row: 100,000 rows ≈ 10 MB) previewed,
//   imported into an account and previewed again (every row then a duplicate), through the
//   service on a database of its own (in-memory PGlite, or a new database on the benchmark's
//   PostgreSQL server);
// - the worst case for matching, over HTTP on a server of its own: `rows` records of one amount
//   imported, then a file of `rows` rows of that amount on the same days, worded otherwise (each
//   matches a record all the same, after a bounded look for one worded alike), previewed (REST and
//   GraphQL), while another client asks `/healthz` again and again.
// - the same CSV previewed and imported by a user without rules and by one with 50 rules
//   (docs/product.md#rules): what the rules add to an import's time (docs/performance.md#rules-during-an-import).
// `npm run bench:import [-- --rows 100000]` runs them alone (DATABASE_URL selects PostgreSQL).
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createPostgresDatabaseUrl, createTestDatabase } from '../api/test/test-database.ts';
import { createTestViewer } from '../api/test/graphql-client.ts';
import { signUp, type HttpClient } from '../api/test/sign-in.ts';
import { commitImport, previewImport } from '../api/modules/imports/imports.service.ts';
import { createRule, ruleSpec } from '../api/modules/rules/rules.service.ts';
import { compileRules } from '../api/modules/rules/match-rules.ts';
import { buildServer } from '../api/scripts/build-server.ts';
import { freePort, startServer, stopServer } from './server.ts';
import { cpuTicks, TICK_MS } from './proc.ts';

export interface ImportResult {
  rows: number;
  megabytes: number;
  previewSeconds: number;
  importSeconds: number;
  previewAgainSeconds: number;
  /** The same in this process's CPU seconds (PGlite's work included, PostgreSQL's not): a busy host moves wall times by two or three times. */
  previewCpuSeconds: number;
  importCpuSeconds: number;
  imported: number;
  duplicatesFound: number;
}

const MERCHANTS = [
  'WHOLEFDS MKT',
  'STARBUCKS STORE',
  'SHELL OIL',
  'AMAZON.COM*MKTP',
  'TRADER JOE S',
  'UBER TRIP',
  'NETFLIX.COM',
  'CITY POWER',
];

/** A card statement: 30 rows a day from 2015 on, every 50th a payment in (income), the rest purchases (negative). */
function statement(rows: number) {
  const lines = ['Transaction Date,Post Date,Description,Category,Type,Amount,Memo'];
  for (let i = 0; i < rows; i++) {
    const d = new Date(Date.UTC(2015, 0, 1) + Math.floor(i / 30) * 86_400_000);
    const day = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const cents = String(i % 100).padStart(2, '0');
    const amount = `${i % 50 === 0 ? '' : '-'}${((i * 7919) % 5000) + 1}.${cents}`; // never 0.00 (a row error)
    lines.push(`${day},${day},"${MERCHANTS[i % MERCHANTS.length]} #${i} SAN FRANCISCO CA",Shopping,Sale,${amount},memo ${i}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function importScenario(rows: number, databaseUrl?: string): Promise<ImportResult> {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  const db = await createTestDatabase(databaseUrl ? 'postgres' : 'pglite');
  try {
    const viewer = await createTestViewer(db);
    const account = await db.prisma.account.create({ data: { userId: viewer.id, name: 'Card', type: 'credit' } });
    const input = { fileName: 'statement.csv', content: statement(rows), accountId: account.id };
    const seconds = async <T>(run: () => Promise<T>) => {
      const [t0, cpu0] = [performance.now(), process.cpuUsage()];
      const value = await run();
      const cpu = process.cpuUsage(cpu0);
      return [(performance.now() - t0) / 1000, value, (cpu.user + cpu.system) / 1e6] as const;
    };
    const [previewSeconds, , previewCpuSeconds] = await seconds(() => previewImport(viewer, input));
    const [importSeconds, result, importCpuSeconds] = await seconds(() => commitImport(viewer, input));
    // Rows alike enough to be taken for one another (same amount within 3 days) are left unticked, as in the app.
    const handled = result.transactions + result.paychecks + result.transfers + result.skipped;
    if (handled !== rows) throw new Error(`imported or skipped ${handled} of ${rows} rows`);
    const [previewAgainSeconds, again] = await seconds(() => previewImport(viewer, input));
    return {
      rows,
      megabytes: Buffer.byteLength(input.content) / 1024 / 1024,
      previewSeconds,
      importSeconds,
      previewAgainSeconds,
      previewCpuSeconds,
      importCpuSeconds,
      imported: result.transactions + result.paychecks + result.transfers,
      duplicatesFound: again.rows.filter((r) => r.duplicateOf).length,
    };
  } finally {
    await db.close();
  }
}

export interface RulesResult {
  rows: number;
  rules: number;
  /** Preview then import of the file, for a user without rules and for one with `rules` rules (the best of `rounds` each). */
  withoutRulesSeconds: number;
  withRulesSeconds: number;
  /** The same in this process's CPU seconds (PGlite's work included; PostgreSQL's not): steadier than wall time on a busy host. */
  withoutRulesCpuSeconds: number;
  withRulesCpuSeconds: number;
  /** The rules engine alone over the file's rows (compiled once, run on each row). */
  engineSeconds: number;
  /** Rows a rule changed in the preview of the user with rules. */
  rowsRuled: number;
}

/**
 * 50 rules as a user might write them: most look at the payee or the description and match a few
 * rows or none; some look at amounts, the account or the kind. Every condition type is there.
 */
function fiftyRules(categoryId: string, accountId: string) {
  const rules: unknown[] = [];
  for (let i = 0; i < 50; i++) {
    const merchant = MERCHANTS[i % MERCHANTS.length]!;
    const word = merchant.split(/[ .*]/)[0]!;
    const conditions = [
      // The first few match every row of a merchant, the others none.
      [{ field: 'payee', op: 'contains', value: i < 10 ? word.slice(0, 4).toLowerCase() : `${word} ${i}` }],
      [{ field: 'description', op: 'startsWith', value: `${merchant} #${i}` }],
      [
        { field: 'payee', op: 'is', value: `Shop ${i}` },
        { field: 'amount', op: 'between', value: ['1.00', `${10 + i}.00`] },
      ],
      [
        { field: 'description', op: 'contains', value: word },
        { field: 'accountId', op: 'is', value: accountId },
        { field: 'amount', op: 'is', value: `${i + 1}.${String(i).padStart(2, '0')}` },
      ],
      [
        { field: 'kind', op: 'is', value: 'income' },
        { field: 'description', op: 'is', value: `Payroll ${i}` },
      ],
    ][i % 5]!;
    rules.push({ conditions, actions: i % 2 ? { categoryId } : { payee: `${word} rule ${i}`, categoryId } });
  }
  return rules;
}

export async function rulesScenario(rows: number, databaseUrl?: string, rounds = 2): Promise<RulesResult> {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  const db = await createTestDatabase(databaseUrl ? 'postgres' : 'pglite');
  try {
    const content = statement(rows);
    const run = async (rules: boolean) => {
      const viewer = await createTestViewer(db);
      const account = await db.prisma.account.create({ data: { userId: viewer.id, name: 'Card', type: 'credit' } });
      const category = await db.prisma.budgetCategory.create({ data: { userId: viewer.id, name: 'Shopping', type: 'expenses' } });
      if (rules) for (const rule of fiftyRules(category.id, account.id)) await createRule(viewer, rule);
      const input = { fileName: 'statement.csv', content, accountId: account.id };
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const preview = await previewImport(viewer, input);
      await commitImport(viewer, input);
      const cpu = process.cpuUsage(cpu0);
      return {
        seconds: (performance.now() - t0) / 1000,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        ruled: preview.rows.filter((r) => r.ruleIds.length).length,
        rules: rules ? await db.prisma.rule.findMany({ where: { userId: viewer.id }, orderBy: { position: 'asc' } }) : [],
        subjects: preview.rows.map((r) => ({
          payee: r.payee,
          description: r.description,
          amount: r.amount!,
          accountId: account.id,
          kind: 'expense' as const,
        })),
      };
    };
    const best = { without: Infinity, withRules: Infinity, withoutCpu: Infinity, withRulesCpu: Infinity, ruled: 0, engine: Infinity };
    // Alternated, each the best of its rounds: the host's other work weighs on both alike.
    for (let i = 0; i < rounds; i++) {
      const plain = await run(false);
      best.without = Math.min(best.without, plain.seconds);
      best.withoutCpu = Math.min(best.withoutCpu, plain.cpuSeconds);
      const ruledRun = await run(true);
      best.withRules = Math.min(best.withRules, ruledRun.seconds);
      best.withRulesCpu = Math.min(best.withRulesCpu, ruledRun.cpuSeconds);
      best.ruled = ruledRun.ruled;
      const t0 = performance.now();
      const apply = compileRules(ruledRun.rules.map(ruleSpec));
      for (const subject of ruledRun.subjects) apply(subject);
      best.engine = Math.min(best.engine, (performance.now() - t0) / 1000);
    }
    return {
      rows,
      rules: 50,
      withoutRulesSeconds: best.without,
      withRulesSeconds: best.withRules,
      withoutRulesCpuSeconds: best.withoutCpu,
      withRulesCpuSeconds: best.withRulesCpu,
      engineSeconds: best.engine,
      rowsRuled: best.ruled,
    };
  } finally {
    await db.close();
  }
}

/** CPU seconds (user and system) a process has used so far: the server's own work, whatever else the host runs. */
const cpuSeconds = (pid: number) => (cpuTicks(pid) * TICK_MS) / 1000;

/** `/healthz` answer times (ms) while something ran, and the longest hold of the server's event loop meanwhile. */
export interface HealthLatency {
  requests: number;
  p50: number;
  max: number;
  /** The server's main-thread CPU time (ms) in its longest block (bench/event-loop-blocks.mjs; Linux only, else null). */
  longestBlockCpu: number | null;
}

export interface WorstCaseResult {
  rows: number;
  /** `/healthz` for a second before anything: the host's own figure, to read the others against. */
  idleHealthz: HealthLatency;
  /** Writing the records: the import of the first file (wall seconds, the server's CPU seconds). */
  commitSeconds: number;
  commitCpuSeconds: number;
  commitHealthz: HealthLatency;
  /** The second file's preview, over REST and over GraphQL (as the web app sends it). */
  previewSeconds: number;
  previewCpuSeconds: number;
  previewHealthz: HealthLatency;
  previewGraphqlSeconds: number;
  previewGraphqlCpuSeconds: number;
  previewGraphqlHealthz: HealthLatency;
  duplicatesFound: number;
}

/** `rows` rows of one amount, 30 a day from 2015 on; `words` makes each row's description. */
function oneAmount(rows: number, words: (i: number) => string) {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2015, 0, 1) + Math.floor(i / 30) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},${words(i)},-25.00`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs `work` while asking `/healthz` every 25 ms (each ask waits for the last answer): how long it
 * took, the server's CPU time meanwhile, and how long `/healthz` took. The asking runs on a thread
 * of its own: on this one, reading a preview's answer (50 MB of JSON for 100,000 rows) would hold
 * the asker for as long as it parses, and count the benchmark's own parsing as the server's delay.
 */
async function whileAskingHealth<T>(base: string, pid: number, work: () => Promise<T>, blocksFile?: string) {
  const from = Number(process.hrtime.bigint() / 1000n);
  const asker = new Worker(HEALTH_ASKER, { eval: true, workerData: { url: `${base}/healthz` } });
  const times = new Promise<number[]>((resolve, reject) => {
    asker.once('message', resolve);
    asker.once('error', reject);
  });
  const t0 = performance.now();
  const cpu0 = cpuSeconds(pid);
  let value: T;
  try {
    value = await work();
  } finally {
    // The asker ends its loop and answers (on an error too, so that it does not keep the process alive).
    asker.postMessage('stop');
  }
  const [seconds, cpu] = [(performance.now() - t0) / 1000, cpuSeconds(pid) - cpu0];
  return { seconds, cpuSeconds: cpu, value, healthz: latency(await times, longestBlockCpu(blocksFile, from)) };
}

/** The asker's thread: `/healthz` every 25 ms after each answer until told to stop, then the times (ms). */
const HEALTH_ASKER = `
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  while (running) {
    const t0 = performance.now();
    await (await fetch(workerData.url)).arrayBuffer();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 25));
  }
  parentPort.postMessage(times);
})();
`;

/** The most main-thread CPU time one block of the server's event loop took since `from` (µs, monotonic clock). */
function longestBlockCpu(blocksFile: string | undefined, from: number) {
  if (!blocksFile) return null;
  const blocks = fs.existsSync(blocksFile) ? fs.readFileSync(blocksFile, 'utf8').trim().split('\n').filter(Boolean) : [];
  return blocks
    .map((line) => JSON.parse(line) as { at: number; cpu: number })
    .filter((b) => b.at >= from)
    .reduce((max, b) => Math.max(max, b.cpu), 0);
}

function latency(times: number[], longestBlockCpu: number | null = null): HealthLatency {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0, longestBlockCpu };
}

async function ok(res: Response) {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as any;
}

export async function worstCaseScenario(rows: number, databaseUrl?: string): Promise<WorstCaseResult> {
  // A database of its own: a new PGlite folder, or a new database on the benchmark's PostgreSQL server.
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  const postgres = databaseUrl ? await createPostgresDatabaseUrl() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const port = await freePort();
  const blocks = path.join(dataDir, 'event-loop-blocks.jsonl');
  const server = await startServer(
    port,
    { DATA_DIR: dataDir, SERVE_WEB: 'false', EVENT_LOOP_BLOCKS: blocks, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
    ['--import', path.join(import.meta.dirname, 'event-loop-blocks.mjs')],
  );
  try {
    const base = `http://localhost:${port}`;
    const { client } = await signUp(base);
    const idle = await whileAskingHealth(base, server.pid!, () => new Promise((r) => setTimeout(r, 1000)), blocks);
    const account = await ok(
      await client.request('/api/accounts', { method: 'POST', json: { name: 'Card', type: 'credit', balance: '0.00' } }),
    );
    const records = oneAmount(rows, (i) => `SHOP ${i} SAN FRANCISCO CA`);
    const file = oneAmount(rows, (i) => `REFUND R${i} ONLINE`);
    const commit = await whileAskingHealth(
      base,
      server.pid!,
      async () =>
        ok(
          await client.request('/api/imports', {
            method: 'POST',
            json: { fileName: 'records.csv', content: records, accountId: account.id },
          }),
        ),
      blocks,
    );
    if (commit.value.transactions !== rows) throw new Error(`imported ${commit.value.transactions} of ${rows} rows`);
    const input = { fileName: 'file.csv', content: file, accountId: account.id };
    const preview = await whileAskingHealth(
      base,
      server.pid!,
      async () => ok(await client.request('/api/imports/preview', { method: 'POST', json: input })),
      blocks,
    );
    const graphql = await whileAskingHealth(
      base,
      server.pid!,
      () => previewByGraphQL(client, { ...input, accountId: encodeGlobalID('Account', account.id) }),
      blocks,
    );
    return {
      rows,
      idleHealthz: idle.healthz,
      commitSeconds: commit.seconds,
      commitCpuSeconds: commit.cpuSeconds,
      commitHealthz: commit.healthz,
      previewSeconds: preview.seconds,
      previewCpuSeconds: preview.cpuSeconds,
      previewHealthz: preview.healthz,
      previewGraphqlSeconds: graphql.seconds,
      previewGraphqlCpuSeconds: graphql.cpuSeconds,
      previewGraphqlHealthz: graphql.healthz,
      duplicatesFound: (preview.value.rows as { duplicateOf: string | null }[]).filter((r) => r.duplicateOf).length,
    };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

/** The web app's preview: every field its dialog selects. */
async function previewByGraphQL(client: HttpClient, input: Record<string, unknown>) {
  const result = await client.graphql(
    `mutation($input: PreviewImportInput!) { previewImport(input: $input) {
      format mapping { delimiter headerRow columns date description amount debit credit category dateFormat dateFormats decimalComma expenses remembered }
      rows { index date description amount kind suggestedCategoryId duplicateOf movement transferAccountId
        match { record kind date description enteredByHand } transferMatch { record date description accountId } error include } } }`,
    { input },
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = Number.parseInt(parseArgs({ options: { rows: { type: 'string', default: '100000' } } }).values.rows!, 10);
  await buildServer();
  console.log(
    JSON.stringify(
      {
        import: await importScenario(rows, process.env.DATABASE_URL),
        rules: await rulesScenario(rows, process.env.DATABASE_URL),
        worstCase: await worstCaseScenario(rows, process.env.DATABASE_URL),
      },
      null,
      2,
    ),
  );
}
