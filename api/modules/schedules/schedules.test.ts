import { describe, expect, it } from 'vitest';
import { addCalendarDays, formatCalendarDate, today } from '../../lib/dates.ts';
import { uuidv7 as newId } from '../../lib/ids.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { postDue } from './poster.ts';

const h = useModuleHarness();
const day = (offset: number) => formatCalendarDate(addCalendarDays(today('UTC'), offset));
const noEvents = { publish: () => {} };

/** A user with a checking account (balance 1000) and a savings account, over REST. */
async function userWithAccounts() {
  const u = await h.user();
  const checking = (
    await u.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1000', isDefault: 1, startingDate: '2000-01-01' })
  ).body;
  const savings = (await u.rest('POST', '/api/accounts', { name: 'Savings', type: 'savings', balance: '0', startingDate: '2000-01-01' }))
    .body;
  const balance = async (id: string) => (await u.rest('GET', '/api/accounts')).body.find((a: any) => a.id === id).balance;
  return { ...u, checking: checking.id as string, savings: savings.id as string, balance };
}

const expense = (accountId: string, patch: Record<string, unknown> = {}) => ({
  kind: 'expense',
  amount: '25.00',
  payee: 'Gym',
  accountId,
  frequency: 'weekly',
  startDate: day(0),
  autoPost: false,
  ...patch,
});

describe('schedules', () => {
  it('adds, lists, edits and deletes through REST and GraphQL', async () => {
    const u = await userWithAccounts();
    const created = await u.rest('POST', '/api/schedules', expense(u.checking, { startDate: day(3) }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'expense',
      amount: '25.00',
      payee: 'Gym',
      frequency: 'weekly',
      autoPost: false,
      nextDate: day(3),
    });
    const id = created.body.id;
    const edited = await u.rest('PATCH', `/api/schedules/${id}`, { frequency: 'monthly', dayOfMonth: 31, amount: '30' });
    expect(edited.body).toMatchObject({ frequency: 'monthly', dayOfMonth: 31, amount: '30.00' });
    expect((await u.rest('GET', '/api/schedules')).body.map((s: any) => s.id)).toEqual([id]);
    const gql = await u.gql(
      `{ viewer { schedules(first: 5) { totalCount edges { node { payee frequency dayOfMonth autoPost account { name } } } } } }`,
    );
    expect(gql.data.viewer.schedules).toEqual({
      totalCount: 1,
      edges: [{ node: { payee: 'Gym', frequency: 'monthly', dayOfMonth: 31, autoPost: false, account: { name: 'Checking' } } }],
    });
    expect((await u.rest('DELETE', `/api/schedules/${id}`)).status).toBe(204);
    expect((await u.rest('DELETE', `/api/schedules/${id}`)).status).toBe(404);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const u = await userWithAccounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'gift' }, 'kind', 'Kind must be one of: expense, paycheck, transfer'],
      [{ amount: '0' }, 'amount', 'Amount must be greater than 0'],
      [{ payee: ' ' }, 'payee', 'Payee is required'],
      [{ frequency: 'daily' }, 'frequency', 'Frequency must be one of: weekly, biweekly, semimonthly, monthly, yearly, every_n_days'],
      [{ frequency: 'every_n_days' }, 'interval', 'Interval must be a whole number of days from 1 to 366'],
      [{ frequency: 'semimonthly', days: [1] }, 'days', 'Days must be two different days of the month from 1 to 31, e.g. [1, 15]'],
      [{ frequency: 'semimonthly', days: [5, 5] }, 'days', 'Days must be two different days of the month from 1 to 31, e.g. [1, 15]'],
      [{ frequency: 'monthly', dayOfMonth: 32 }, 'dayOfMonth', 'Day of month must be a whole number from 1 to 31 (31 = the last day)'],
      [{ startDate: '2026-02-30' }, 'startDate', 'Date must be a valid date (YYYY-MM-DD)'],
      [{ endDate: day(-1) }, 'endDate', 'End date must be on or after the start date'],
      [{ endDate: day(9), occurrences: 3 }, 'occurrences', 'Give an end date or a number of times, not both'],
      [{ kind: 'transfer' }, 'toAccountId', 'Choose the account the money goes to'],
      [{ kind: 'transfer', toAccountId: u.checking }, 'toAccountId', 'Choose two different accounts'],
      [{ accountId: 'nope' }, 'accountId', 'Account not found'],
      [{ categoryId: 'nope' }, 'categoryId', 'Category not found'],
      [{ autoPost: 'yes' }, 'autoPost', 'autoPost must be true or false'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await u.rest('POST', '/api/schedules', expense(u.checking, patch));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(patch)).toEqual({ path: [path], message });
    }
    const s = (await u.rest('POST', '/api/schedules', expense(u.checking))).body;
    const bad = await u.rest('PATCH', `/api/schedules/${s.id}`, { frequency: 'every_n_days' });
    expect(bad.body.errors[0]).toEqual({ path: ['interval'], message: 'Interval must be a whole number of days from 1 to 366' });
    expect((await u.rest('PATCH', `/api/schedules/${s.id}`, { userId: 'x' })).status).toBe(400);
    expect((await u.rest('POST', `/api/schedules/${s.id}/post`, { date: day(1) })).body.errors[0].message).toBe(
      'Date is not an occurrence of this schedule',
    );
    expect((await u.rest('GET', '/api/schedules/upcoming?days=0')).status).toBe(400);
    expect((await u.rest('GET', '/api/schedules')).body).toHaveLength(1);
    expect((await u.rest('GET', '/api/schedules')).body[0].frequency).toBe('weekly');
    expect(await u.balance(u.checking)).toBe('1000.00');
  });

  it("answers another user's schedule and account exactly like missing ones", async () => {
    const owner = await userWithAccounts();
    const other = await userWithAccounts();
    const s = (await owner.rest('POST', '/api/schedules', expense(owner.checking))).body;
    for (const [method, path, body] of [
      ['PATCH', `/api/schedules/${s.id}`, { amount: '1' }],
      ['DELETE', `/api/schedules/${s.id}`, undefined],
      ['POST', `/api/schedules/${s.id}/post`, { date: day(0) }],
      ['POST', `/api/schedules/${s.id}/skip`, { date: day(0) }],
    ] as const) {
      const foreign = await other.rest(method, path, body);
      const missing = await other.rest(method, path.replace(s.id, '0190a0a0-0000-7000-8000-000000000000'), body);
      expect(foreign.status, path).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    }
    const foreignAccount = await other.rest('POST', '/api/schedules', expense(owner.checking));
    expect(foreignAccount.body.errors[0]).toEqual({ path: ['accountId'], message: 'Account not found' });
    expect((await other.rest('GET', '/api/schedules')).body).toEqual([]);
    expect((await other.rest('GET', '/api/schedules/upcoming')).body).toEqual([]);
    const node = await other.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: Buffer.from(`Schedule:${s.id}`).toString('base64') });
    expect(node.data.node).toBeNull();
    expect((await owner.rest('GET', '/api/schedules')).body[0].amount).toBe('25.00');
  });

  it('"ask first" waits; Post and Skip handle one occurrence each, and the rest stays', async () => {
    const u = await userWithAccounts();
    const s = (await u.rest('POST', '/api/schedules', expense(u.checking, { startDate: day(-14) }))).body;
    const upcoming = (await u.rest('GET', '/api/schedules/upcoming?days=10')).body;
    expect(upcoming.map((o: any) => [o.date, o.waiting])).toEqual([
      [day(-14), true],
      [day(-7), true],
      [day(0), true],
      [day(7), false],
    ]);
    const waiting = await u.gql(`{ viewer { waitingOccurrences { date waiting schedule { payee } } } }`);
    expect(waiting.data.viewer.waitingOccurrences).toHaveLength(3);
    // Post the middle one with another amount, skip the first.
    const posted = await u.rest('POST', `/api/schedules/${s.id}/post`, { date: day(-7), amount: '30' });
    expect(posted.status).toBe(200);
    expect(posted.body.nextDate).toBe(day(-14));
    expect((await u.rest('POST', `/api/schedules/${s.id}/post`, { date: day(-7) })).body.errors[0].message).toBe(
      'This occurrence was already posted or skipped',
    );
    expect((await u.rest('POST', `/api/schedules/${s.id}/skip`, { date: day(-14) })).body.nextDate).toBe(day(0));
    expect(await u.balance(u.checking)).toBe('970.00');
    const txs = (await u.rest('GET', '/api/transactions')).body;
    expect(txs.map((t: any) => [t.description, t.amount, t.date, t.scheduleId])).toEqual([['Gym', '30.00', day(-7), s.id]]);
    const linked = await u.gql(`{ viewer { transactions(first: 1) { edges { node { schedule { payee } } } } } }`);
    expect(linked.data.viewer.transactions.edges[0].node.schedule).toEqual({ payee: 'Gym' });
    expect((await u.rest('GET', '/api/schedules/upcoming?days=10')).body.map((o: any) => o.date)).toEqual([day(0), day(7)]);
    // The poster leaves "ask first" alone.
    expect(await postDue(h.db.prisma, noEvents, addCalendarDays(new Date(), 30))).toBe(0);
  });

  it('posts automatically at once when the start is in the past: paychecks and transfers too', async () => {
    const u = await userWithAccounts();
    const pay = await u.gql(
      `mutation($input: AddScheduleInput!) { addSchedule(input: $input) { schedule { nextDate } viewer { netWorth } } }`,
      {
        input: {
          kind: 'paycheck',
          amount: '500',
          payee: 'Acme',
          accountId: Buffer.from(`Account:${u.checking}`).toString('base64'),
          frequency: 'semimonthly',
          days: [1, 15],
          startDate: formatCalendarDate(addCalendarDays(today('UTC'), -40)),
          autoPost: true,
        },
      },
    );
    expect(pay.errors).toBeUndefined();
    const paychecks = (await u.rest('GET', '/api/paychecks')).body;
    expect(paychecks.length).toBeGreaterThanOrEqual(2);
    expect(paychecks.every((p: any) => p.notes === 'Acme' && p.amount === '500.00')).toBe(true);
    const t = (
      await u.rest('POST', '/api/schedules', {
        kind: 'transfer',
        amount: '100',
        payee: 'Savings plan',
        accountId: u.checking,
        toAccountId: u.savings,
        frequency: 'every_n_days',
        interval: 10,
        startDate: day(-25),
        autoPost: true,
      })
    ).body;
    expect(t.nextDate).toBe(day(5));
    expect(await u.balance(u.savings)).toBe('300.00');
    const transfers = (await u.rest('GET', '/api/transfers')).body;
    expect(transfers.map((x: any) => x.date).sort()).toEqual([day(-25), day(-15), day(-5)]);
  });

  it('catches up every missed occurrence after a stop of three months, each on its day, once', async () => {
    const u = await userWithAccounts();
    const s = (await u.rest('POST', '/api/schedules', expense(u.checking, { autoPost: true, amount: '10' }))).body;
    expect((await u.rest('GET', '/api/transactions')).body).toHaveLength(1); // today's, at once
    const later = new Date(Date.now() + 92 * 86_400_000);
    expect(await postDue(h.db.prisma, noEvents, later)).toBeGreaterThanOrEqual(13);
    expect(await postDue(h.db.prisma, noEvents, later)).toBe(0);
    const dates = (await u.rest('GET', '/api/transactions')).body.map((t: any) => t.date).sort();
    expect(dates).toEqual(Array.from({ length: 14 }, (_, i) => day(i * 7)));
    expect(await u.balance(u.checking)).toBe('860.00');
    expect((await u.rest('GET', `/api/schedules`)).body[0]).toMatchObject({ id: s.id, nextDate: day(98) });
  });

  it('two posters started together post each occurrence once', async () => {
    const users = await Promise.all([userWithAccounts(), userWithAccounts(), userWithAccounts()]);
    for (const u of users) {
      for (const payee of ['Rent', 'Phone']) {
        await u.rest('POST', '/api/schedules', expense(u.checking, { payee, autoPost: true, amount: '1', startDate: day(1) }));
      }
    }
    const later = new Date(Date.now() + 29 * 86_400_000);
    const [a, b] = await Promise.all([postDue(h.db.prisma, noEvents, later), postDue(h.db.prisma, noEvents, later)]);
    expect(a + b).toBe(3 * 2 * 5); // days 1, 8, 15, 22, 29
    for (const u of users) {
      const txs = (await u.rest('GET', '/api/transactions')).body;
      expect(txs).toHaveLength(10);
      expect(new Set(txs.map((t: any) => `${t.description}|${t.date}`)).size).toBe(10);
      expect(await u.balance(u.checking)).toBe('990.00');
    }
  });

  it('a bill that posts automatically records its payments when due, once', async () => {
    const u = await userWithAccounts();
    const bill = await u.rest('POST', '/api/recurring-bills', {
      name: 'Internet',
      amount: '60',
      frequency: 'monthly',
      dueDay: 1,
      nextDueDate: day(-35),
      autoPost: true,
    });
    expect(bill.body.autoPost).toBe(true);
    await Promise.all([postDue(h.db.prisma, noEvents), postDue(h.db.prisma, noEvents)]);
    const payments = (await u.rest('GET', '/api/bill-payments')).body;
    expect(payments).toHaveLength(2);
    expect(await u.balance(u.checking)).toBe('880.00');
    const after = (await u.rest('GET', '/api/recurring-bills')).body[0];
    expect(after.nextDueDate > day(0)).toBe(true);
  });

  it('posts for many users in batches, each user’s records, balance and change event their own, once with two posters', async () => {
    // More users than one batch holds (docs/performance.md#schedules-and-forecast), made directly.
    const db = h.db.prisma;
    const ids = Array.from({ length: 230 }, () => newId()).sort();
    await db.user.createMany({ data: ids.map((id) => ({ id, email: `batch-${id}@example.com` })) });
    await db.account.createMany({
      data: ids.map((id) => ({ id: `acct-${id}`, userId: id, name: 'Checking', type: 'checking', balance: '1000' })),
    });
    const start = today('UTC');
    const schedule = (userId: string, kind: 'paycheck' | 'expense', amount: string) => ({
      userId,
      kind,
      amount,
      payee: `${kind} of ${userId}`,
      accountId: `acct-${userId}`,
      frequency: 'weekly',
      days: [],
      startDate: start,
      autoPost: true,
      timeZone: 'UTC',
      nextDate: start,
    });
    await db.schedule.createMany({ data: ids.flatMap((id) => [schedule(id, 'paycheck', '5.00'), schedule(id, 'expense', '2.00')]) });
    const published: string[] = [];
    const events = { publish: (userId: string) => published.push(userId) };
    await Promise.all([postDue(db, events), postDue(db, events)]);

    const mine = { userId: { in: ids } };
    const [transactions, paychecks, accounts, claims] = await Promise.all([
      db.transaction.findMany({ where: mine, select: { userId: true, accountId: true, description: true } }),
      db.paycheck.findMany({ where: mine, select: { userId: true, accountId: true, notes: true } }),
      db.account.findMany({ where: mine, select: { userId: true, balance: true } }),
      db.scheduleOccurrence.count({ where: mine }),
    ]);
    expect(claims).toBe(2 * ids.length);
    expect(transactions.map((t) => `${t.userId} ${t.accountId} ${t.description}`).sort()).toEqual(
      ids.map((id) => `${id} acct-${id} expense of ${id}`),
    );
    expect(paychecks.map((p) => `${p.userId} ${p.accountId} ${p.notes}`).sort()).toEqual(
      ids.map((id) => `${id} acct-${id} paycheck of ${id}`),
    );
    expect(accounts.every((a) => a.balance.toFixed(2) === '1003.00')).toBe(true);
    // Each user's change announced once: only the poster that posted for them announces it.
    expect(published.filter((id) => ids.includes(id)).sort()).toEqual(ids);
  });

  it('one user whose posting fails holds back nobody else of the batch, and has nothing half posted', async () => {
    const db = h.db.prisma;
    const ids = Array.from({ length: 3 }, () => newId()).sort();
    await db.user.createMany({ data: ids.map((id) => ({ id, email: `fails-${id}@example.com` })) });
    // The middle user's balance cannot take a paycheck more (numeric(12, 2)): their balance update fails.
    await db.account.createMany({
      data: ids.map((id, i) => ({
        id: `acct-${id}`,
        userId: id,
        name: 'Checking',
        type: 'checking',
        balance: i === 1 ? '9999999999.99' : '10',
      })),
    });
    await db.schedule.createMany({
      data: ids.map((userId) => ({
        userId,
        kind: 'paycheck',
        amount: '1.00',
        payee: 'Pay',
        accountId: `acct-${userId}`,
        frequency: 'weekly',
        days: [],
        startDate: today('UTC'),
        autoPost: true,
        timeZone: 'UTC',
        nextDate: today('UTC'),
      })),
    });
    await expect(postDue(db, noEvents)).rejects.toThrow();
    const state = async (userId: string) => ({
      paychecks: await db.paycheck.count({ where: { userId } }),
      claims: await db.scheduleOccurrence.count({ where: { userId } }),
      balance: (await db.account.findUniqueOrThrow({ where: { id: `acct-${userId}` } })).balance.toFixed(2),
    });
    expect(await state(ids[0]!)).toEqual({ paychecks: 1, claims: 1, balance: '11.00' });
    expect(await state(ids[1]!)).toEqual({ paychecks: 0, claims: 0, balance: '9999999999.99' });
    expect(await state(ids[2]!)).toEqual({ paychecks: 1, claims: 1, balance: '11.00' });
  });
});
