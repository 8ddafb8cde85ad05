// npm run bench:schedules [-- --transactions 100000]: the schedules' two budgets (docs/performance.md#schedules-and-forecast):
// the 90-day forecast with 30 schedules of the heavy user (≤ 30 ms) and one poster pass for 1,000
// users with 10 due items each (≤ 10 s on PostgreSQL); and what one reminders check of the heavy
// user costs (docs/architecture.md#reminders: the job runs one after each of a user's changes); and
// ten years of net worth history computed (≤ 50 ms, docs/performance.md#net-worth-history).
// DATABASE_URL selects PostgreSQL; without it, a PGlite folder. `npm run bench` runs it after the HTTP benchmark.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { addCalendarDays, today } from '../api/lib/dates.ts';
import { uuidv7 as newId } from '../api/lib/ids.ts';
import type { ReadMemo } from '../api/lib/read-memo.ts';
import type { Viewer } from '../api/lib/viewer.ts';
import { HEAVY_USER, seedHeavy } from '../api/test/heavy-dataset.ts';
import { forecastAll } from '../api/modules/forecast/forecast.service.ts';
import { postDue } from '../api/modules/schedules/poster.ts';
import { dueReminders } from '../api/modules/reminders/reminder-checks.ts';
import { netWorthHistory } from '../api/modules/accounts/net-worth-history.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    'data-dir': { type: 'string' },
    users: { type: 'string', default: '1000' },
  },
});
const transactions = Number.parseInt(values.transactions!, 10);
const users = Number.parseInt(values.users!, 10);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = path.resolve(values['data-dir'] ?? path.join(import.meta.dirname, `.data-${transactions}`));
const db = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir });
const { prisma } = db;
const FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly', 'yearly', 'every_n_days'] as const;
const day0 = today('UTC');

try {
  await migrate(db);
  let heavy = await prisma.user.findFirst({ where: { email: HEAVY_USER.email }, select: { id: true } });
  if (!heavy || (await prisma.transaction.count({ where: { userId: heavy.id } })) !== transactions) {
    await seedHeavy(prisma, { transactions });
    heavy = await prisma.user.findFirstOrThrow({ where: { email: HEAVY_USER.email }, select: { id: true } });
  }
  // 30 schedules, five of each frequency, over the user's accounts (made once; ask first, so nothing posts).
  const accounts = await prisma.account.findMany({ where: { userId: heavy.id }, select: { id: true } });
  await prisma.schedule.deleteMany({ where: { userId: heavy.id, payee: { startsWith: 'Bench ' } } });
  await prisma.schedule.createMany({
    data: Array.from({ length: 30 }, (_, i) => {
      const frequency = FREQUENCIES[i % FREQUENCIES.length]!;
      return {
        userId: heavy.id,
        kind: i % 5 === 0 ? 'paycheck' : i % 7 === 0 ? 'transfer' : 'expense',
        amount: `${10 + i}.50`,
        payee: `Bench ${i}`,
        accountId: accounts[i % accounts.length]!.id,
        toAccountId: i % 7 === 0 && i % 5 !== 0 ? accounts[(i + 1) % accounts.length]!.id : null,
        frequency,
        interval: frequency === 'every_n_days' ? 3 + i : null,
        dayOfMonth: frequency === 'monthly' ? 31 : null,
        days: frequency === 'semimonthly' ? [1, 15] : [],
        startDate: addCalendarDays(day0, -i),
        autoPost: false,
        timeZone: 'UTC',
        nextDate: addCalendarDays(day0, -i),
      };
    }),
  });
  // Statistics as autovacuum would keep them: earlier runs' poster users (made and deleted) leave
  // them stale, and some test servers run without autovacuum.
  await prisma.$executeRawUnsafe('ANALYZE');
  // A read as after a change: nothing kept from before (the change dropped it).
  const fresh: ReadMemo = { cached: (_user, _key, compute) => compute(), lastRead: () => undefined, keepRead: () => {} };
  // Only what the measured reads use of a viewer: its user, time zone, database and memo.
  const viewer = { id: heavy.id, timeZone: 'UTC', prisma, memo: fresh } as Viewer;
  /** p50 and p95 of 50 runs of `run`, after ten that warm up. */
  const timed = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      await run();
      if (i >= 10) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms`;
  };
  const who = `${transactions.toLocaleString('en-US')}-transaction user`;
  console.log(`90-day forecast, 30 schedules, ${who}: ${await timed(() => forecastAll(viewer, 90))}`);
  console.log(`Ten years of net worth history, ${who}: ${await timed(() => netWorthHistory(viewer, { months: 120 }))}`);
  // A reminders check as the job makes it after a change: nothing kept from before (the change dropped it).
  const reader = { budgetId: heavy.id, timeZone: 'UTC', prisma, memo: fresh };
  console.log(`Reminders check (bills, schedules, the month, the forecast), ${who}: ${await timed(() => dueReminders(reader, 3))}`);

  // The poster: `users` users, each with an account and 10 automatic schedules with one occurrence due today.
  const ids = Array.from({ length: users }, () => newId());
  await prisma.user.createMany({ data: ids.map((id) => ({ id, email: `poster-${id}@example.com` })) });
  const accountOf = new Map(ids.map((id) => [id, newId()]));
  await prisma.account.createMany({
    data: ids.map((id) => ({ id: accountOf.get(id)!, userId: id, name: 'Checking', type: 'checking', balance: '1000' })),
  });
  await prisma.schedule.createMany({
    data: ids.flatMap((userId) =>
      Array.from({ length: 10 }, (_, i) => ({
        userId,
        kind: i === 0 ? 'paycheck' : 'expense',
        amount: `${i + 1}.00`,
        payee: `Poster ${i}`,
        accountId: accountOf.get(userId)!,
        frequency: 'weekly',
        days: [],
        startDate: day0,
        autoPost: true,
        timeZone: 'UTC',
        nextDate: day0,
      })),
    ),
  });
  const t0 = performance.now();
  const posted = await postDue(prisma, { publish: () => {} });
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `Poster: ${posted.toLocaleString('en-US')} items for ${users.toLocaleString('en-US')} users posted in ${seconds.toFixed(2)} s (${db.kind})`,
  );
  await prisma.user.deleteMany({ where: { id: { in: ids } } });
} finally {
  await db.close();
}
