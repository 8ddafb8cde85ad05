// `npm run bench -- --scenario households` (docs/performance.md#households): many households on one
// server. A PostgreSQL database (DATABASE_URL) holds `households` users of `transactions` each (the
// heavy seed, once); two app processes (the built server) run on it behind HAProxy with the
// repository's docs/deploy/haproxy.cfg and a Redis of their own, as the fault tests run them. The
// first `users` households sign in through the real flow (each a browser with its session cookie)
// and then use the app as the web app does: its screens' queries and its mutations by persisted id,
// its reports and CSV export, each user pausing between requests so that together they offer `rate`
// requests a second (0: no pause, as fast as the processes answer).
import fs from 'node:fs';
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { openDatabase } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { trustedDocumentId } from '../api/graphql/trusted-documents.ts';
import { householdUser, prng, seedHouseholds } from '../api/test/heavy-dataset.ts';
import { freePort, haproxyConfig, startHaproxy, startPrivateRedis } from '../api/test/private-services.ts';
import { HttpClient, signIn } from '../api/test/sign-in.ts';
import { percentile } from './load.ts';
import { keepInResults } from './results-file.ts';
import { startServer, stopServer } from './server.ts';
import { rssMb } from './proc.ts';

export interface HouseholdsOptions {
  databaseUrl: string;
  households: number;
  transactions: number;
  users: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Requests a second the users offer together (0: each sends its next request once answered). */
  rate: number;
  /** The proxy's port, the processes on the next two (free ports when not given). */
  port?: number;
  /** A folder for the processes' CPU profiles (node --cpu-prof), written when they stop. */
  cpuProfileDir?: string;
  log?: (line: string) => void;
}

export interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface HouseholdsResult {
  households: number;
  transactionsPerHousehold: number;
  users: number;
  rateOffered: number;
  durationSeconds: number;
  seedSeconds: number | null;
  signIn: { how: string; seconds: number };
  requests: number;
  rps: number;
  errors: number;
  /** Failed answers by status (`graphql` for a 200 with errors, `network` for none at all), and a few of them. */
  errorsByStatus: Record<string, number>;
  errorSamples: string[];
  latencyMs: Latencies;
  byKind: Record<Kind, Latencies>;
  byOperation: Record<string, Latencies>;
  /** Each process's resident memory: the highest seen under the load, and at its end. */
  rssMb: Record<string, { peak: number; end: number }>;
  servedBy: Record<string, number>;
}

export type Kind = 'read' | 'write' | 'report';

/** What one simulated user knows of its household (from its first answers), and its session. */
export interface Household {
  headers: Record<string, string>;
  accounts: string[];
  categories: string[];
  transactions: string[];
  /** Transactions it added itself: the ones it may delete. */
  added: string[];
  rand: () => number;
}

export interface Operation {
  name: string;
  kind: Kind;
  weight: number;
  send: (h: Household) => { path: string; body?: unknown } | null;
}

const query = (name: string, variables: Record<string, unknown> = {}) => ({
  path: '/graphql',
  body: { variables, extensions: { persistedQuery: { version: 1, sha256Hash: trustedDocumentId(name) } } },
});
const pick = <T>(h: Household, list: T[]) => list[Math.floor(h.rand() * list.length)]!;
const amount = (h: Household) => (1 + h.rand() * 200).toFixed(2);
const thisMonth = () => new Date().toISOString().slice(0, 7);
const recentDay = (h: Household) => new Date(Date.now() - Math.floor(h.rand() * 60) * 86_400_000).toISOString().slice(0, 10);

/**
 * The mix (weights in percent): 70 screen reads, 25 writes, 5 reports and exports. The screens as
 * a user moves between them (the Dashboard most), the app shell and bell as a page load asks them.
 */
export const OPERATIONS: Operation[] = [
  { name: 'Dashboard', kind: 'read', weight: 18, send: () => query('DashboardPageQuery') },
  { name: 'Transactions', kind: 'read', weight: 14, send: () => query('TransactionsPageQuery', { filter: null }) },
  { name: 'Budget', kind: 'read', weight: 11, send: () => query('BudgetPageQuery', { month: null }) },
  { name: 'Accounts', kind: 'read', weight: 6, send: () => query('AccountsPageQuery') },
  { name: 'Account', kind: 'read', weight: 6, send: (h) => query('AccountPageQuery', { id: pick(h, h.accounts) }) },
  { name: 'Bills', kind: 'read', weight: 4, send: () => query('BillsPageQuery') },
  { name: 'Goals', kind: 'read', weight: 3, send: () => query('GoalsPageQuery') },
  { name: 'App shell', kind: 'read', weight: 5, send: () => query('AppShellQuery') },
  { name: 'Notification bell', kind: 'read', weight: 3, send: () => query('NotificationPanelQuery') },
  {
    name: 'Add transaction',
    kind: 'write',
    weight: 11,
    send: (h) =>
      query('transactionSaveAddMutation', {
        input: {
          amount: amount(h),
          description: `Groceries ${Math.floor(h.rand() * 1000)}`,
          date: recentDay(h),
          categoryId: pick(h, h.categories),
          accountId: pick(h, h.accounts),
          kind: 'EXPENSE',
          splits: [],
          payee: null,
        },
        filter: null,
      }),
  },
  {
    name: 'Edit transaction',
    kind: 'write',
    weight: 9,
    send: (h) =>
      query('transactionSaveUpdateMutation', {
        input: { id: pick(h, h.transactions), amount: amount(h), description: `Edited ${Math.floor(h.rand() * 1000)}` },
        leaving: [],
        filter: null,
      }),
  },
  {
    name: 'Delete transaction',
    kind: 'write',
    weight: 2,
    send: (h) => {
      const id = h.added.pop();
      return id ? query('DeleteTransactionDialogMutation', { id, connections: [], filter: null }) : null;
    },
  },
  {
    name: 'Set assigned',
    kind: 'write',
    weight: 3,
    send: (h) =>
      query('AssignedInputMutation', {
        input: { categoryId: pick(h, h.categories), month: thisMonth(), assigned: amount(h) },
        month: thisMonth(),
      }),
  },
  { name: 'Report (month)', kind: 'report', weight: 2, send: () => query('ReportsPageQuery', { period: 'MONTH', offset: 0 }) },
  { name: 'Report (year)', kind: 'report', weight: 1, send: () => query('ReportsPageQuery', { period: 'YEAR', offset: 0 }) },
  { name: 'CSV export (year)', kind: 'report', weight: 2, send: () => ({ path: '/api/export/transactions.csv?period=year' }) },
];
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);

const summarize = (latencies: number[]): Latencies => {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
};

/**
 * Seeds the households unless the database holds them already: as many households, and the last
 * one (which the load never writes to while users < households) with its `transactions`.
 */
export async function prepare(databaseUrl: string, households: number, transactions: number, log: (line: string) => void) {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    await migrate(db);
    const users = await db.prisma.user.count({ where: { email: { startsWith: 'household-' } } });
    const last = await db.prisma.user.findFirst({ where: { email: householdUser(households - 1).email }, select: { id: true } });
    const count = last ? await db.prisma.transaction.count({ where: { userId: last.id } }) : 0;
    if (users === households && count === transactions) return null;
    const t0 = performance.now();
    await seedHouseholds(db.prisma, { users: households, transactions, log });
    return (performance.now() - t0) / 1000;
  } finally {
    await db.close();
  }
}

/** Signs user `i` in through the real flow and learns its household's ids from one request of its own. */
export async function household(base: string, i: number): Promise<Household> {
  const user = householdUser(i);
  const client = await signIn(base, user.email, user.password, new HttpClient(base));
  const headers = {
    'content-type': 'application/json',
    'x-graphql-yoga-csrf': '1',
    cookie: await client.jar.getCookieString(base),
    'x-time-zone': 'America/New_York',
  };
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query: `{ viewer { allAccounts { id } budgetCategories(first: 50) { edges { node { id } } } transactions(first: 50) { edges { node { id } } } } }`,
    }),
  });
  const { data } = (await res.json()) as { data: any };
  return {
    headers,
    accounts: data.viewer.allAccounts.map((a: { id: string }) => a.id),
    categories: data.viewer.budgetCategories.edges.map((e: { node: { id: string } }) => e.node.id),
    transactions: data.viewer.transactions.edges.map((e: { node: { id: string } }) => e.node.id),
    added: [],
    rand: prng(7919 * (i + 1)),
  };
}

/**
 * Sends `request` (operation `name`) as the user of `h`: which process answered, and the failure
 * (the status, or `graphql` for an answer with errors) if it was not answered; a transaction it
 * added is noted in `h.added`. A network error throws.
 */
export async function sendAs(base: string, h: Household, name: string, request: { path: string; body?: unknown }) {
  const res = await fetch(base + request.path, {
    method: request.body ? 'POST' : 'GET',
    headers: h.headers,
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  const text = await res.text();
  const server = res.headers.get('x-served-by') ?? 'proxy';
  if (!res.ok) return { server, failure: { status: String(res.status), what: `${name}: ${res.status} ${text}` } };
  if (request.body) {
    const body = JSON.parse(text) as { data?: { addTransaction?: { transaction?: { id: string } } }; errors?: unknown[] };
    if (body.errors?.length) return { server, failure: { status: 'graphql', what: `${name}: ${JSON.stringify(body.errors)}` } };
    const added = body.data?.addTransaction?.transaction?.id;
    if (added) h.added.push(added);
  }
  return { server, failure: null };
}

export async function householdsScenario(options: HouseholdsOptions): Promise<HouseholdsResult> {
  const log = options.log ?? (() => {});
  if (options.users > options.households) throw new Error('--users cannot be more than --households');
  const seedSeconds = await prepare(options.databaseUrl, options.households, options.transactions, log);
  if (seedSeconds !== null)
    log(`seeded ${options.households} households × ${options.transactions} transactions in ${seedSeconds.toFixed(1)} s`);

  const proxyPort = options.port ?? (await freePort());
  const appPorts = options.port ? [options.port + 1, options.port + 2] : [await freePort(), await freePort()];
  const base = `http://localhost:${proxyPort}`;
  const redis = await startPrivateRedis();
  const env = {
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: redis.url,
    PUBLIC_URL: base,
    TRUST_PROXY: 'loopback',
    // Every simulated user signs in from 127.0.0.1.
    SIGN_IN_ATTEMPTS_PER_ADDRESS: String(options.users * 10),
  };
  if (options.cpuProfileDir) fs.mkdirSync(options.cpuProfileDir, { recursive: true });
  const nodeArgs = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const apps: ChildProcess[] = [];
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  try {
    // One at a time: both would migrate at once (safely, under a lock), slower on two cores.
    for (const port of appPorts) apps.push(await startServer(port, env, nodeArgs));
    haproxy = await startHaproxy(haproxyConfig(proxyPort, appPorts), proxyPort);
    // Both processes in the proxy's rotation (it checks /readyz every second) before anyone signs in.
    const seen = new Set<string>();
    for (const until = Date.now() + 15_000; seen.size < 2;) {
      if (Date.now() > until) throw new Error('the proxy did not route to both processes within 15 s');
      seen.add((await fetch(`${base}/healthz`)).headers.get('x-served-by') ?? '');
      seen.delete('');
      await new Promise((r) => setTimeout(r, 100));
    }

    // The real sign-in flow (the built-in provider's form, password checked), ten users at a time.
    const t0 = performance.now();
    const users: Household[] = new Array(options.users);
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = next++; i < options.users; i = next++) users[i] = await household(base, i);
      }),
    );
    const signInSeconds = (performance.now() - t0) / 1000;
    log(`${options.users} users signed in (real flow) in ${signInSeconds.toFixed(1)} s`);

    const latencies: number[] = [];
    const byKind: Record<Kind, number[]> = { read: [], write: [], report: [] };
    const byOperation: Record<string, number[]> = {};
    const errorsByStatus: Record<string, number> = {};
    const errorSamples: string[] = [];
    const servedBy: Record<string, number> = {};
    // A request counts when it was sent during the measured seconds (its answer may come after).
    let measuring = options.warmupSeconds === 0;
    let errors = 0;
    const fail = (counted: boolean, status: string, what: string) => {
      if (!counted) return;
      errors++;
      errorsByStatus[status] = (errorsByStatus[status] ?? 0) + 1;
      if (errorSamples.length < 10) errorSamples.push(what.slice(0, 300));
    };
    const meanPauseMs = options.rate > 0 ? (options.users / options.rate) * 1000 : 0;

    const one = async (h: Household) => {
      let r = h.rand() * TOTAL_WEIGHT;
      const op = OPERATIONS.find((o) => (r -= o.weight) < 0) ?? OPERATIONS[0]!;
      const request = op.send(h) ?? OPERATIONS[0]!.send(h)!;
      const started = performance.now();
      const counted = measuring;
      try {
        const { server, failure } = await sendAs(base, h, op.name, request);
        const elapsed = performance.now() - started;
        if (failure) return fail(counted, failure.status, failure.what);
        if (!counted) return;
        latencies.push(elapsed);
        byKind[op.kind].push(elapsed);
        (byOperation[op.name] ??= []).push(elapsed);
        servedBy[server] = (servedBy[server] ?? 0) + 1;
      } catch (err) {
        fail(counted, 'network', `${op.name}: ${(err as Error).message}`);
      }
    };

    // Each user: a request, then a pause (exponential, so that arrivals are random as real users'),
    // counted from when the request was sent, so the users together offer `rate` a second.
    let running = true;
    const loops = users.map(async (h) => {
      await new Promise((r) => setTimeout(r, h.rand() * meanPauseMs)); // not all at once at the start
      while (running) {
        const started = performance.now();
        await one(h);
        const pause = -Math.log(1 - h.rand()) * meanPauseMs - (performance.now() - started);
        if (pause > 0) await new Promise((r) => setTimeout(r, pause));
      }
    });
    await new Promise((r) => setTimeout(r, options.warmupSeconds * 1000));
    measuring = true;
    const rss: Record<string, { peak: number; end: number }> = {};
    const sample = () =>
      apps.forEach((app, i) => {
        const mb = rssMb(app.pid!);
        rss[`app${i + 1}`] = { peak: Math.max(rss[`app${i + 1}`]?.peak ?? 0, mb), end: mb };
      });
    const sampler = setInterval(sample, 250);
    const measuredFrom = performance.now();
    await new Promise((r) => setTimeout(r, options.durationSeconds * 1000));
    measuring = false;
    const measuredSeconds = (performance.now() - measuredFrom) / 1000;
    clearInterval(sampler);
    sample();
    running = false;
    await Promise.all(loops);

    const operations = Object.fromEntries(Object.entries(byOperation).map(([name, l]) => [name, summarize(l)]));
    return {
      households: options.households,
      transactionsPerHousehold: options.transactions,
      users: options.users,
      rateOffered: options.rate,
      durationSeconds: measuredSeconds,
      seedSeconds,
      signIn: { how: 'the real flow (built-in provider form, session cookie), 10 at a time', seconds: signInSeconds },
      requests: latencies.length,
      rps: latencies.length / measuredSeconds,
      errors,
      errorsByStatus,
      errorSamples,
      latencyMs: summarize(latencies),
      byKind: { read: summarize(byKind.read), write: summarize(byKind.write), report: summarize(byKind.report) },
      byOperation: operations,
      rssMb: rss,
      servedBy,
    };
  } finally {
    await haproxy?.close();
    // SIGTERM: each process closes cleanly (and writes its CPU profile).
    await Promise.all(apps.map(stopServer));
    await redis.close();
  }
}

/** The result as a few lines for the console. */
export function householdsTable(r: HouseholdsResult) {
  const ms = (l: Latencies) => `${l.p50.toFixed(1)} / ${l.p95.toFixed(1)} / ${l.p99.toFixed(1)}`;
  return [
    `| households · ${r.households.toLocaleString('en-US')} × ${r.transactionsPerHousehold.toLocaleString('en-US')} transactions, ${r.users} users${r.rateOffered ? `, offering ${r.rateOffered} req/s` : ', no pause'} | requests | p50 / p95 / p99 ms |`,
    '|---|---|---|',
    `| all (${r.rps.toFixed(0)} req/s, ${r.errors} errors) | ${r.requests} | ${ms(r.latencyMs)} |`,
    ...(['read', 'write', 'report'] as const).map((k) => `| ${k}s | ${r.byKind[k].requests} | ${ms(r.byKind[k])} |`),
    ...Object.entries(r.byOperation).map(([name, l]) => `| · ${name} | ${l.requests} | ${ms(l)} |`),
    '',
    `Memory (RSS, peak / end): ${Object.entries(r.rssMb)
      .map(([app, m]) => `${app} ${m.peak.toFixed(0)} / ${m.end.toFixed(0)} MB`)
      .join(', ')} · served by ${Object.entries(r.servedBy)
      .map(([s, n]) => `${s} ${n}`)
      .join(
        ', ',
      )} · sign-in: ${r.signIn.seconds.toFixed(1)} s · seed: ${r.seedSeconds === null ? 'reused' : `${r.seedSeconds.toFixed(1)} s`}`,
    r.errors ? `Errors: ${JSON.stringify(r.errorsByStatus)}\n  ${r.errorSamples.join('\n  ')}` : '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
  ].join('\n');
}

/**
 * The scenario from `npm run bench -- --scenario households [--households 1000 --transactions 1000
 * --users 200 --duration 30 --rate 300 --port 4200 --cpu-prof]`: prints its table and writes its
 * result under `households` in `outFile`, the other keys kept. Throws when a request failed.
 */
export async function householdsCommand(options: Omit<HouseholdsOptions, 'log'>, outFile: string) {
  const result = await householdsScenario({ ...options, log: (line) => console.log(`  ${line}`) });
  console.log(`\n${householdsTable(result)}\n`);
  keepInResults(outFile, 'households', result);
  if (result.errors) throw new Error(`${result.errors} requests failed`);
}
