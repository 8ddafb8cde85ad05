// npm run bench:budget-month [-- --rounds 300]: the Budget's month of the heavy user (ten years rolled
// over from the first month), computed in-process straight from the database `npm run bench` seeded
// (bench/.data-100000, or DATABASE_URL), fresh (the figures kept until the user's next change, as
// the bench's fresh requests find them) and right after a write (a transaction of the month added,
// or deleted again, through its service: the figures are dropped and brought up to date), with the Dashboard's figures as a
// reference measured in the same turns: on a shared, loaded host the ratio says more than either
// figure alone. Also prints the plan of the month's spending totals.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { createChangeEvents } from '../api/lib/change-events.ts';
import { createReadMemo } from '../api/lib/read-memo.ts';
import { createTurns } from '../api/lib/turns.ts';
import { memoryRateLimits } from '../api/auth/rate-limits.ts';
import { createAttemptLimiter } from '../api/auth/local-accounts.ts';
import type { Viewer } from '../api/lib/viewer.ts';
import { HEAVY_USER } from '../api/test/heavy-dataset.ts';
import { budgetMonth } from '../api/modules/budget/budget-month.ts';
import { dashboard } from '../api/modules/reports/reports.service.ts';
import { addTransaction, deleteTransaction } from '../api/modules/transactions/transactions.service.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '300' }, 'data-dir': { type: 'string' } } });
const rounds = Number.parseInt(values.rounds!, 10);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = path.resolve(values['data-dir'] ?? path.join(import.meta.dirname, '.data-100000'));
const db = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir });
try {
  await migrate(db);
  const user = await db.prisma.user.findFirstOrThrow({ where: { email: HEAVY_USER.email }, select: { id: true } });
  const events = createChangeEvents();
  const viewer: Viewer = {
    id: user.id,
    budgetId: user.id,
    role: 'owner',
    timeZone: 'America/New_York',
    prisma: db.prisma,
    events,
    memo: createReadMemo(events),
    attempts: createAttemptLimiter(memoryRateLimits(), 'settings', 30),
    turns: createTurns(memoryRateLimits()),
  };
  // Wall time, and the main thread's own CPU time meanwhile (Linux: its schedstat), which a host
  // shared with other work moves much less: on PGlite the database runs on this thread too.
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const threadMs = () => (fs.existsSync(schedstat) ? Number(fs.readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6 : NaN);
  const cpu: Record<string, number[]> = {};
  const time = async (run: () => Promise<unknown>, name: string) => {
    const [t0, c0] = [performance.now(), threadMs()];
    await run();
    (cpu[name] ??= []).push(threadMs() - c0);
    return performance.now() - t0;
  };
  for (let i = 0; i < 50; i++) await Promise.all([budgetMonth(viewer), dashboard(viewer)]); // warm the process and the caches
  const month: number[] = [];
  const afterChange: number[] = [];
  const reference: number[] = [];
  const m0 = await budgetMonth(viewer);
  const today = `${m0.month}-15`;
  let added: string | null = null;
  for (let i = 0; i < rounds; i++) {
    month.push(await time(() => budgetMonth(viewer), 'fresh'));
    reference.push(await time(() => dashboard(viewer), 'reference'));
    // A write of the user's (which drops the kept figures), then the month read again.
    if (added) {
      await deleteTransaction(viewer, added);
      added = null;
    } else {
      added = (
        await addTransaction(viewer, { amount: '12.34', description: 'Bench', date: today, categoryId: m0.categories[0]!.categoryId })
      ).id;
    }
    afterChange.push(await time(() => budgetMonth(viewer), 'after'));
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
  const line = (name: string, xs: number[], key: string) =>
    console.log(
      `${name.padEnd(30)} p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  p99 ${pct(xs, 99).toFixed(1)} ms` +
        `  (thread CPU p50 ${pct(cpu[key]!, 50).toFixed(1)} / p95 ${pct(cpu[key]!, 95).toFixed(1)} ms)`,
    );
  if (added) await deleteTransaction(viewer, added);
  const m = await budgetMonth(viewer);
  console.log(`${db.kind}: ${rounds} rounds; the month ${m.month} from ${m.firstMonth}, ${m.categories.length} rows`);
  line('budget month (fresh)', month, 'fresh');
  line('budget month after a write', afterChange, 'after');
  line('dashboard figures (reference)', reference, 'reference');
  const plan = await db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
    `EXPLAIN (ANALYZE, COSTS OFF) SELECT category_id, month, amount FROM budget_month_spending WHERE user_id = $1 AND month < now()`,
    user.id,
  );
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
} finally {
  await db.close();
}
