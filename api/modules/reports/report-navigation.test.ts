import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCalendarDays, addCalendarMonths, formatCalendarDate, today } from '../../lib/dates.ts';
import { ValidationError } from '../../lib/errors.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { lastDay, reportWindow, requestedWindow, type ReportPeriod } from './report-window.ts';
import { trend } from './trend.ts';

const day = (d: Date) => formatCalendarDate(d);
const days = (w: { from: Date; to: Date }) => [day(w.from), day(lastDay(w))];
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('report windows: offset, custom ranges, months', () => {
  it('move by whole periods, tiling with no gap or overlap, month ends included', () => {
    const w = (period: ReportPeriod, offset: number, now = '2026-03-31') => days(reportWindow({ period, offset }, 'UTC', at(now)));
    expect(w('WEEK', 0)).toEqual(['2026-03-25', '2026-03-31']);
    expect(w('WEEK', -1)).toEqual(['2026-03-18', '2026-03-24']);
    expect(w('WEEK', -5)).toEqual(['2026-02-18', '2026-02-24']);
    // On the 31st, months back are whole calendar months (Feb 28 + 1 day = Mar 1, Jan 31 + 1 = Feb 1).
    expect(w('MONTH', 0)).toEqual(['2026-03-01', '2026-03-31']);
    expect(w('MONTH', -1)).toEqual(['2026-02-01', '2026-02-28']);
    expect(w('MONTH', -2)).toEqual(['2026-01-01', '2026-01-31']);
    // On the 30th: each window starts the day after the previous one ends.
    expect(w('MONTH', 0, '2026-03-30')).toEqual(['2026-03-01', '2026-03-30']);
    expect(w('MONTH', -1, '2026-03-30')).toEqual(['2026-01-31', '2026-02-28']);
    expect(w('MONTH', -2, '2026-03-30')).toEqual(['2025-12-31', '2026-01-30']);
    expect(w('MONTH', -1, '2026-01-15')).toEqual(['2025-11-16', '2025-12-15']);
    expect(w('YEAR', 0, '2024-02-29')).toEqual(['2023-03-01', '2024-02-29']);
    expect(w('YEAR', -1, '2024-02-29')).toEqual(['2022-03-01', '2023-02-28']);
    expect(w('YEAR', -2)).toEqual(['2023-04-01', '2024-03-31']);
    for (const period of ['WEEK', 'MONTH', 'YEAR'] as const) {
      for (let k = 0; k > -14; k--) {
        const [newer, older] = [
          reportWindow({ period, offset: k }, 'UTC', at('2026-05-31')),
          reportWindow({ period, offset: k - 1 }, 'UTC', at('2026-05-31')),
        ];
        expect(older.to.getTime(), `${period} ${k}`).toBe(newer.from.getTime());
      }
    }
    // Offset 0 is the spec's window, in the user's time zone.
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(days(reportWindow({ period: 'MONTH', offset: 0 }, 'America/New_York', instant))).toEqual(
      days(reportWindow('MONTH', 'America/New_York', instant)),
    );
  });

  it('custom ranges and the months of the trend', () => {
    expect(days(requestedWindow('MONTH', { from: '2026-01-01', to: '2026-03-31' }, 'UTC').window)).toEqual(['2026-01-01', '2026-03-31']);
    expect(days(requestedWindow('WEEK', { from: '2026-02-10', to: '2026-02-10' }, 'UTC').window)).toEqual(['2026-02-10', '2026-02-10']);
    expect(requestedWindow('MONTH', { from: '2016-01-01', to: '2025-12-31' }, 'UTC').window.period).toBeNull();
    const months = (tz: string, n = 12) => days(reportWindow({ months: n }, tz, new Date('2026-03-01T03:00:00Z')));
    expect(months('UTC')).toEqual(['2025-04-01', '2026-03-31']);
    expect(months('America/New_York')).toEqual(['2025-03-01', '2026-02-28']); // still Feb 28 there
    expect(months('UTC', 1)).toEqual(['2026-03-01', '2026-03-31']);
  });

  it('refuses bad windows with clear messages', () => {
    const issues = (input: unknown) => {
      try {
        requestedWindow('MONTH', input, 'UTC');
        return [];
      } catch (e) {
        return (e as ValidationError).issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      }
    };
    const offset = 'offset: offset must be a whole number from -1000 to 0 (0 is the period ending today)';
    expect(issues({ offset: 1 })).toEqual([offset]);
    expect(issues({ offset: '-1.5' })).toEqual([offset]);
    expect(issues({ offset: 'back' })).toEqual([offset]);
    expect(issues({ offset: -1001 })).toEqual([offset]);
    expect(issues({ from: '2026-01-01' })).toEqual(['to: Choose both a start and an end date']);
    expect(issues({ to: '2026-01-01' })).toEqual(['from: Choose both a start and an end date']);
    expect(issues({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from: Date must be a valid date (YYYY-MM-DD)']);
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['to: The end date must be on or after the start date']);
    expect(issues({ from: '2016-01-01', to: '2026-01-01' })).toEqual(['to: A custom range can cover at most 10 years']);
    expect(issues({ from: '2026-01-01', to: '2026-01-31', offset: -1 })).toEqual([
      'offset: Give either an offset or a from/to range, not both',
    ]);
    expect(issues({ offset: 0, accountId: '' })).toEqual([]);
  });
});

const h = useModuleHarness();
const REPORT = `query($p: ReportPeriod!, $offset: Int, $from: Date, $to: Date, $accountId: ID) {
  viewer { report(period: $p, offset: $offset, from: $from, to: $to, accountId: $accountId) {
    period offset custom from to totalIncome totalSpent transactionCount account { name }
    spendingByCategory { name amount } budgetVsActual { category { name } allocated envelope spent overBudget overEnvelope } } } }`;
const TREND = `query($months: Int, $accountId: ID) { viewer { trend(months: $months, accountId: $accountId) { month income spending } } }`;

/** A user with two accounts, two categories and activity this month, last month and two years ago. */
async function seeded(timeZone = 'UTC') {
  const user = await h.user(timeZone);
  const { viewer } = user;
  const t = today(timeZone);
  const monthAgo = addCalendarMonths(t, -1); // the last day of window MONTH -1
  const db = h.db.prisma;
  const [checking, card] = await Promise.all([
    db.account.create({ data: { userId: viewer.id, name: 'Checking', type: 'checking', isDefault: 1 } }),
    db.account.create({ data: { userId: viewer.id, name: 'Card', type: 'credit' } }),
  ]);
  const food = await db.budgetCategory.create({
    data: { userId: viewer.id, name: 'Food', type: 'expenses', allocatedAmount: '300.00', allocatedPercentage: 10, planKind: 'percentage' },
  });
  const rent = await db.budgetCategory.create({ data: { userId: viewer.id, name: 'Rent', type: 'bills', allocatedAmount: '50.00' } });
  await db.paycheck.createMany({
    data: [
      { userId: viewer.id, amount: '1000.00', date: t, accountId: checking.id },
      { userId: viewer.id, amount: '2000.05', date: monthAgo, accountId: checking.id },
      { userId: viewer.id, amount: '500.00', date: monthAgo },
    ],
  });
  await db.transaction.createMany({
    data: [
      { userId: viewer.id, amount: '120.00', description: 'now food', date: t, categoryId: food.id, accountId: checking.id },
      { userId: viewer.id, amount: '40.00', description: 'now card', date: t, categoryId: food.id, accountId: card.id },
      { userId: viewer.id, amount: '60.00', description: 'then rent', date: monthAgo, categoryId: rent.id, accountId: checking.id },
      { userId: viewer.id, amount: '7.50', description: 'then loose', date: monthAgo },
      { userId: viewer.id, amount: '9.99', description: 'long ago', date: addCalendarMonths(t, -24) },
    ],
  });
  // A transfer is neither income nor spending.
  await db.transfer.create({ data: { userId: viewer.id, fromAccountId: checking.id, toAccountId: card.id, amount: '25.00', date: t } });
  return { ...user, t, monthAgo, checking, card, food, rent };
}

describe('report of a moved, custom or account-limited window', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // The envelope is what the window's months assigned, a month in part for its share of days: fixed
  // days make those shares fixed (today November 27, 2026: this month's window is October 28 – November 27).
  it('offset and custom windows, with the envelope the assigned amounts of the months they cover', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
    const { gql, t, monthAgo } = await seeded();
    const now = (await gql(REPORT, { p: 'MONTH' })).data.viewer.report;
    expect(now).toMatchObject({ period: 'MONTH', offset: 0, custom: false, totalIncome: '1000.00', totalSpent: '160.00', account: null });
    expect(now.budgetVsActual).toEqual([
      // Food, 10 % of each month's income: October's 250.01 for 4 of its 31 days + November's 100.00 for 27 of 30 = 122.26.
      { category: { name: 'Food' }, allocated: '300.00', envelope: '122.26', spent: '160.00', overBudget: false, overEnvelope: true },
      // Rent, 50.00 a month: 50 × 4/31 + 50 × 27/30 = 51.45.
      { category: { name: 'Rent' }, allocated: '50.00', envelope: '51.45', spent: '0.00', overBudget: false, overEnvelope: false },
    ]);
    // A whole month is its assigned amount: 10 % of October's $2,500.05 = $250.005, half up to the cent.
    const october = (await gql(REPORT, { p: 'MONTH', from: '2026-10-01', to: '2026-10-31' })).data.viewer.report;
    expect(october.budgetVsActual.map((b: { envelope: string }) => b.envelope)).toEqual(['250.01', '50.00']);
    const before = (await gql(REPORT, { p: 'MONTH', offset: -1 })).data.viewer.report;
    expect(before).toMatchObject({ offset: -1, to: day(monthAgo), totalIncome: '2500.05', totalSpent: '67.50', transactionCount: 2 });
    expect(before.spendingByCategory).toEqual([
      { name: 'Rent', amount: '60.00' },
      { name: 'Uncategorized', amount: '7.50' },
    ]);
    // September 28 – October 27: Food 0 (no income in September) + 250.01 × 27/31; Rent 50 × 3/30 + 50 × 27/31.
    expect(before.budgetVsActual.map((b: { envelope: string; overEnvelope: boolean }) => [b.envelope, b.overEnvelope])).toEqual([
      ['217.75', false],
      ['48.55', true],
    ]);
    const custom = (await gql(REPORT, { p: 'WEEK', from: day(addCalendarMonths(t, -30)), to: day(t) })).data.viewer.report;
    expect(custom).toMatchObject({ period: 'WEEK', offset: null, custom: true, totalSpent: '237.49', transactionCount: 5 });
    expect((await gql(REPORT, { p: 'YEAR', offset: -3 })).data.viewer.report).toMatchObject({ totalSpent: '0.00', transactionCount: 0 });
  });

  it('limited to one account: its paychecks and transactions only; transfers never count', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
    const { gql, rest, checking, card } = await seeded();
    const id = encodeGlobalID('Account', checking.id);
    const r = (await gql(REPORT, { p: 'MONTH', accountId: id })).data.viewer.report;
    expect(r).toMatchObject({ totalIncome: '1000.00', totalSpent: '120.00', transactionCount: 1, account: { name: 'Checking' } });
    const onCard = (await gql(REPORT, { p: 'YEAR', accountId: encodeGlobalID('Account', card.id) })).data.viewer.report;
    expect(onCard).toMatchObject({ totalIncome: '0.00', totalSpent: '40.00' });
    const viaRest = await rest('GET', `/api/reports?period=month&offset=-1&accountId=${checking.id}`);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({
      period: 'month',
      offset: -1,
      custom: false,
      accountId: checking.id,
      totalIncome: '2000.05',
      totalSpent: '60.00',
    });
    // The envelope is the budget's, of every account: what the months assigned (as above).
    expect(viaRest.body.budgetVsActual[0]).toMatchObject({ name: 'Food', allocated: '300.00', envelope: '217.75', spent: '0.00' });
    const all = (await rest('GET', '/api/reports')).body;
    expect(all).toMatchObject({ period: 'month', offset: 0, accountId: null, totalIncome: '1000.00', totalSpent: '160.00' });
  });

  it("another user's account answers exactly like a missing one; bad parameters are 400s", async () => {
    const { gql, rest } = await seeded();
    const other = await seeded();
    const missing = '00000000-0000-7000-8000-000000000000';
    for (const accountId of [other.checking.id, missing]) {
      for (const path of [
        `/api/reports?accountId=${accountId}`,
        `/api/reports/trend?accountId=${accountId}`,
        `/api/export/transactions.csv?accountId=${accountId}`,
        `/api/export/report.html?period=month&accountId=${accountId}`,
      ]) {
        const res = await rest('GET', path);
        expect([res.status, res.text], path).toEqual([404, '{"message":"Not found"}']);
      }
      const id = encodeGlobalID('Account', accountId);
      for (const [q, v] of [
        [REPORT, { p: 'MONTH', accountId: id }],
        [TREND, { accountId: id }],
      ] as const) {
        const res = await gql(q, v);
        expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
      }
    }
    const bad = async (path: string) => {
      const res = await rest('GET', path);
      return [res.status, res.body.message];
    };
    expect(await bad('/api/reports?offset=1')).toEqual([
      400,
      'offset must be a whole number from -1000 to 0 (0 is the period ending today)',
    ]);
    expect(await bad('/api/reports?from=2026-01-01')).toEqual([400, 'Choose both a start and an end date']);
    expect(await bad('/api/reports?from=2026-02-01&to=2026-01-01')).toEqual([400, 'The end date must be on or after the start date']);
    expect(await bad('/api/reports?from=2000-01-01&to=2026-01-01')).toEqual([400, 'A custom range can cover at most 10 years']);
    expect(await bad('/api/reports?period=decade')).toEqual([400, 'period must be week, month or year']);
    expect(await bad('/api/reports/trend?months=0')).toEqual([400, 'months must be a whole number from 1 to 60']);
    expect(await bad('/api/export/transactions.csv?offset=-1')).toEqual([400, 'offset needs a period of week, month or year']);
    expect(await bad('/api/export/report.html?period=week&offset=2')).toEqual([
      400,
      'offset must be a whole number from -1000 to 0 (0 is the period ending today)',
    ]);
    const g = await gql(REPORT, { p: 'MONTH', from: '2026-03-01', to: '2026-02-01' });
    expect(g.errors?.[0]).toMatchObject({
      message: 'The end date must be on or after the start date',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await gql(TREND, { months: 61 })).errors?.[0]?.message).toBe('months must be a whole number from 1 to 60');
  });
});

describe('12-month trend', () => {
  it('income and spending per calendar month, oldest first, months without data as 0, of one account or all', async () => {
    const { viewer, gql, rest, t, monthAgo, checking } = await seeded();
    const rows = (await gql(TREND)).data.viewer.trend;
    expect(rows).toHaveLength(12);
    const month = (d: Date) => day(d).slice(0, 7);
    expect(rows[11]).toEqual({ month: month(t), income: '1000.00', spending: '160.00' });
    expect(rows[10]).toEqual({ month: month(monthAgo), income: '2500.05', spending: '67.50' });
    expect(rows[0].month).toBe(month(addCalendarMonths(t, -11)));
    expect(rows.slice(0, 10).every((r: { income: string; spending: string }) => r.income === '0.00' && r.spending === '0.00')).toBe(true);
    const limited = (await gql(TREND, { months: 2, accountId: encodeGlobalID('Account', checking.id) })).data.viewer.trend;
    expect(limited).toEqual([
      { month: month(monthAgo), income: '2000.05', spending: '60.00' },
      { month: month(t), income: '1000.00', spending: '120.00' },
    ]);
    const viaRest = await rest('GET', '/api/reports/trend?months=36');
    expect(viaRest.body.months).toHaveLength(36);
    expect(viaRest.body.months[11]).toEqual({ month: month(addCalendarMonths(t, -24)), income: '0.00', spending: '9.99' });
    expect((await trend(viewer)).map((m) => m.month)).toEqual(rows.map((r: { month: string }) => r.month));
  });

  it("ends with the current month of the user's time zone", async () => {
    const instant = new Date('2026-03-01T03:00:00Z'); // Feb 28 in New York, Mar 1 in Tokyo
    for (const [tz, last] of [
      ['America/New_York', '2026-02'],
      ['Asia/Tokyo', '2026-03'],
    ] as const) {
      const { viewer } = await h.user(tz);
      await h.db.prisma.transaction.createMany({
        data: [
          { userId: viewer.id, amount: '1.00', description: 'Feb 28', date: new Date('2026-02-28') },
          { userId: viewer.id, amount: '2.00', description: 'Mar 1', date: new Date('2026-03-01') },
          { userId: viewer.id, amount: '4.00', description: 'Mar 31 last year', date: new Date('2025-03-31') },
        ],
      });
      const rows = await trend(viewer, { months: 12 }, instant);
      expect(rows.at(-1)!.month, tz).toBe(last);
      const spent = Object.fromEntries(rows.map((r) => [r.month, r.spending.toFixed(2)]));
      expect(spent['2026-02'], tz).toBe('1.00');
      expect(spent['2026-03'], tz).toBe(tz === 'Asia/Tokyo' ? '2.00' : undefined);
      expect(spent['2025-03'], tz).toBe(tz === 'Asia/Tokyo' ? undefined : '4.00');
    }
  });
});

describe('exports of the window on screen', () => {
  it('CSV and HTML of an offset window hold exactly its days, named by them', async () => {
    const { rest, t, monthAgo } = await seeded();
    const w = reportWindow({ period: 'MONTH', offset: -1 }, 'UTC');
    const range = `${day(w.from)}_to_${day(lastDay(w))}`;
    const csv = await rest('GET', '/api/export/transactions.csv?period=month&offset=-1');
    expect(csv.headers.get('content-disposition')).toContain(`transactions_${range}.csv`);
    // Rows of one day come in no particular order here (same date, same instant).
    expect(csv.text.trim().split('\n').sort()).toEqual([
      `${day(monthAgo)},then loose,7.50,Uncategorized`,
      `${day(monthAgo)},then rent,60.00,Rent`,
      'Date,Description,Amount,Category',
    ]);
    const html = await rest('GET', '/api/export/report.html?period=month&offset=-1');
    expect(html.headers.get('content-disposition')).toContain(`financial_report_monthly_${range}.html`);
    expect(html.text).toContain('then rent');
    expect(html.text).not.toContain('now food');
    expect(html.text).toContain('$2,500.05');
    // The spec's window keeps the spec's names.
    const spec = await rest('GET', '/api/export/report.html?period=month&offset=0');
    expect(spec.headers.get('content-disposition')).toContain(`financial_report_monthly_${day(t)}.html`);
    expect(spec.text).toContain('now food');
  });

  it('CSV and HTML of a custom window and of one account', async () => {
    const { rest, t, checking } = await seeded();
    const from = day(addCalendarDays(t, -2));
    const csv = await rest('GET', `/api/export/transactions.csv?from=${from}&to=${day(t)}`);
    expect(csv.headers.get('content-disposition')).toContain(`transactions_${from}_to_${day(t)}.csv`);
    expect(csv.text.trim().split('\n').slice(1).sort()).toEqual([`${day(t)},now card,40.00,Food`, `${day(t)},now food,120.00,Food`]);
    const html = await rest('GET', `/api/export/report.html?period=week&from=${from}&to=${day(t)}&accountId=${checking.id}`);
    expect(html.headers.get('content-disposition')).toContain(`financial_report_custom_${from}_to_${day(t)}.html`);
    expect(html.text).toContain('Financial Report — Custom range');
    expect(html.text).toContain('Account: Checking');
    expect(html.text).toContain('now food');
    expect(html.text).not.toContain('now card');
    const allOfAccount = await rest('GET', `/api/export/transactions.csv?accountId=${checking.id}`);
    expect(allOfAccount.headers.get('content-disposition')).toContain(`transactions_${day(t)}.csv`);
    expect(
      allOfAccount.text
        .trim()
        .split('\n')
        .slice(1)
        .map((l: string) => l.split(',')[1]),
    ).toEqual(['now food', 'then rent']);
    const none = await rest('GET', '/api/export/report.html?period=year&offset=-5');
    expect([none.status, none.text]).toEqual([404, '{"message":"No transactions available to export."}']);
  });
});
