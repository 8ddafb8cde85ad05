// `npm run bench -- --scenario costs` (docs/performance.md#what-each-request-costs): the CPU each
// request of the households mix (bench/households.ts) costs the app process and PostgreSQL, one
// request at a time, so that the mix's throughput on a machine can be read off its cores. One
// process (the built server) on the households database, one household signed in through the real
// flow. CPU is read from /proc (Linux): the app process's, and that of every process named
// `postgres` (PostgreSQL on this machine), in ticks of 10 ms, so each figure is a mean over
// `rounds` requests.
import fs from 'node:fs';
import os from 'node:os';
import { household, OPERATIONS, prepare, sendAs, type Household, type Kind, type Operation } from './households.ts';
import { keepInResults } from './results-file.ts';
import { freePort, startServer, stopServer } from './server.ts';
import { cpuTicks, TICK_MS } from './proc.ts';

export interface CostsOptions {
  databaseUrl: string;
  households: number;
  transactions: number;
  /** Requests of each operation measured (after as many unmeasured). */
  rounds: number;
  log?: (line: string) => void;
}

/** Mean CPU ms of one request: the app process's and PostgreSQL's (null when it runs elsewhere). */
interface Cpu {
  app: number;
  postgres: number | null;
}

export interface OperationCost {
  name: string;
  kind: Kind;
  weight: number;
  /** A write; or a read right after a write of the user's (its answers no longer cached): the case of the mix. */
  fresh: Cpu;
  /** A read asked again with nothing changed: answered from the response cache. */
  cached: Cpu | null;
}

export interface CostsResult {
  operations: OperationCost[];
  /** The mix's mean per request, each operation by its weight, reads fresh. */
  mix: Cpu;
  cores: number;
}

function postgresTicks() {
  let sum = 0;
  let found = false;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      sum += cpuTicks(pid);
      found = true;
    } catch {
      // gone meanwhile
    }
  }
  return found ? sum : null;
}

export async function operationCosts(options: CostsOptions): Promise<CostsResult> {
  const log = options.log ?? (() => {});
  const seeded = await prepare(options.databaseUrl, options.households, options.transactions, log);
  if (seeded !== null) log(`seeded ${options.households} households in ${seeded.toFixed(1)} s`);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const app = await startServer(port, { SERVE_WEB: 'false', HOST: '127.0.0.1', DATABASE_URL: options.databaseUrl, PUBLIC_URL: base });
  try {
    const h = await household(base, 0);
    const send = async (op: Operation) => {
      const request = op.send(h);
      if (!request) throw new Error(`${op.name}: nothing to send (run its writes first)`);
      const { failure } = await sendAs(base, h, op.name, request);
      if (failure) throw new Error(failure.what.slice(0, 300));
    };
    /** Mean CPU of `rounds` runs of `run`, after as many unmeasured. */
    const measure = async (run: () => Promise<void>): Promise<Cpu> => {
      for (let i = 0; i < options.rounds; i++) await run();
      const app0 = cpuTicks(app.pid!);
      const pg0 = postgresTicks();
      for (let i = 0; i < options.rounds; i++) await run();
      const pg1 = postgresTicks();
      const per = (t: number) => (t * TICK_MS) / options.rounds;
      return { app: per(cpuTicks(app.pid!) - app0), postgres: pg0 === null || pg1 === null ? null : per(pg1 - pg0) };
    };
    const write = OPERATIONS.find((op) => op.name === 'Set assigned')!;
    const operations: OperationCost[] = [];
    for (const op of OPERATIONS) {
      const { name, kind, weight } = op;
      if (kind === 'write') {
        // Deleting needs as many transactions this user added as it deletes.
        if (name === 'Delete transaction') await ensureAdded(h, 2 * options.rounds, send);
        operations.push({ name, kind, weight, fresh: await measure(() => send(op)), cached: null });
        continue;
      }
      const cached = await measure(() => send(op));
      // Right after a write: the pair, less the write alone (measured beside it).
      const alone = await measure(() => send(write));
      const pair = await measure(async () => (await send(write), await send(op)));
      const fresh = {
        app: Math.max(0, pair.app - alone.app),
        postgres: pair.postgres === null || alone.postgres === null ? null : Math.max(0, pair.postgres - alone.postgres),
      };
      operations.push({ name, kind, weight, fresh, cached });
      log(`${name}: ${fresh.app.toFixed(1)} ms`);
    }
    const total = operations.reduce((sum, o) => sum + o.weight, 0);
    const mean = (pick: (o: OperationCost) => number | null) =>
      operations.some((o) => pick(o) === null) ? null : operations.reduce((sum, o) => sum + o.weight * pick(o)!, 0) / total;
    return { operations, mix: { app: mean((o) => o.fresh.app)!, postgres: mean((o) => o.fresh.postgres) }, cores: os.cpus().length };
  } finally {
    await stopServer(app);
  }
}

async function ensureAdded(h: Household, count: number, send: (op: Operation) => Promise<void>) {
  const add = OPERATIONS.find((op) => op.name === 'Add transaction')!;
  while (h.added.length < count) await send(add);
}

export function costsTable(r: CostsResult) {
  const cpu = (c: Cpu | null) => (c ? `${c.app.toFixed(1)} / ${c.postgres === null ? '–' : c.postgres.toFixed(1)}` : '');
  const perRequest = r.mix.app + (r.mix.postgres ?? 0);
  return [
    '| operation | weight | fresh: app / PostgreSQL CPU ms | cached: app / PostgreSQL CPU ms |',
    '|---|---|---|---|',
    ...r.operations.map((o) => `| ${o.name} (${o.kind}) | ${o.weight} | ${cpu(o.fresh)} | ${cpu(o.cached)} |`),
    `| the mix, per request | | ${cpu(r.mix)} | |`,
    '',
    `At ${perRequest.toFixed(1)} ms of CPU a request, ${r.cores} cores answer at most ${((r.cores * 1000) / perRequest).toFixed(0)} req/s of this mix, before the proxy, Redis and the clients take their share.`,
  ].join('\n');
}

/** `npm run bench -- --scenario costs [--households 1000 --transactions 1000 --rounds 100]`: prints, and writes under `operationCosts`. */
export async function costsCommand(options: Omit<CostsOptions, 'log'>, outFile: string) {
  const result = await operationCosts({ ...options, log: (line) => console.log(`  ${line}`) });
  console.log(`\n${costsTable(result)}\n`);
  keepInResults(outFile, 'operationCosts', result);
}
