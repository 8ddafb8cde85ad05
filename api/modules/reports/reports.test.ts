import { describe, expect, it } from 'vitest';
import { addCalendarDays, currentMonth, formatCalendarDate, today } from '../../lib/dates.ts';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { neutraliseCell } from './csv-export.ts';
import { reportWindow } from './report-window.ts';

const day = (d: Date) => formatCalendarDate(d);

describe('report windows and months', () => {
  it('cover the last 7 days, one month, one year ending today, across month and year ends', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    const w = (p: 'WEEK' | 'MONTH' | 'YEAR') => {
      const r = reportWindow(p, 'UTC', now);
      return [day(r.from), day(addCalendarDays(r.to, -1))];
    };
    expect(w('WEEK')).toEqual(['2026-03-25', '2026-03-31']);
    expect(w('MONTH')).toEqual(['2026-03-01', '2026-03-31']);
    expect(w('YEAR')).toEqual(['2025-04-01', '2026-03-31']);
    const jan1 = reportWindow('MONTH', 'UTC', new Date('2026-01-01T00:30:00Z'));
    expect([day(jan1.from), day(jan1.to)]).toEqual(['2025-12-02', '2026-01-02']);
  });

  it('take "today" and "this month" in the user\'s time zone', () => {
    const instant = new Date('2026-03-01T03:00:00Z'); // still Feb 28 in New York
    expect(day(today('America/New_York', instant))).toBe('2026-02-28');
    expect(day(today('Europe/Berlin', instant))).toBe('2026-03-01');
    expect(day(currentMonth('America/New_York', instant).start)).toBe('2026-02-01');
    expect(day(currentMonth('Asia/Tokyo', instant).start)).toBe('2026-03-01');
    expect(day(reportWindow('WEEK', 'America/New_York', instant).from)).toBe('2026-02-22');
    expect(day(reportWindow('WEEK', 'Asia/Tokyo', instant).from)).toBe('2026-02-23');
  });

  it('keep whole calendar days across daylight-saving changes', () => {
    const ny = (iso: string, p: 'WEEK' | 'MONTH' = 'WEEK') => {
      const r = reportWindow(p, 'America/New_York', new Date(iso));
      return [day(r.from), day(addCalendarDays(r.to, -1))];
    };
    // Spring forward (Mar 8, 2026, 02:00 EST → 03:00 EDT): a day of 23 hours is still one day.
    expect(ny('2026-03-08T06:30:00Z')).toEqual(['2026-03-02', '2026-03-08']); // 01:30 EST
    expect(ny('2026-03-09T03:30:00Z')).toEqual(['2026-03-02', '2026-03-08']); // 23:30 EDT, same day
    expect(ny('2026-03-09T04:30:00Z')).toEqual(['2026-03-03', '2026-03-09']); // 00:30 EDT, next day
    // Fall back (Nov 1, 2026, 02:00 EDT → 01:00 EST): the repeated hour stays on Nov 1.
    expect(ny('2026-11-01T05:30:00Z')).toEqual(['2026-10-26', '2026-11-01']); // 01:30 EDT
    expect(ny('2026-11-01T06:30:00Z')).toEqual(['2026-10-26', '2026-11-01']); // 01:30 EST
    expect(ny('2026-11-02T04:30:00Z')).toEqual(['2026-10-26', '2026-11-01']); // 23:30 EST
    expect(ny('2026-11-02T05:30:00Z', 'MONTH')).toEqual(['2026-10-03', '2026-11-02']); // 00:30 EST
  });
});

const h = useModuleHarness();
const DASH = `{ viewer { dashboard { totalIncome totalSpent remaining savingsRate recentTransactions { description amount } } } }`;
const REPORT = `query($p: ReportPeriod!) { viewer { report(period: $p) { totalIncome totalSpent transactionCount netSavings savingsRate
  spendingByCategory { name amount } budgetVsActual { category { name } allocated spent overBudget } } } }`;

describe('dashboard and reports', () => {
  it('sum the current month exactly, with a savings rate of one decimal ("0.0" without income)', async () => {
    const { viewer, gql } = await h.user();
    expect((await gql(DASH)).data.viewer.dashboard).toEqual({
      totalIncome: '0.00',
      totalSpent: '0.00',
      remaining: '0.00',
      savingsRate: '0.0',
      recentTransactions: [],
    });
    const t = today('UTC');
    const lastMonth = addCalendarDays(currentMonth('UTC').start, -1);
    await h.db.prisma.paycheck.createMany({
      data: [
        { userId: viewer.id, amount: '3000.00', date: t },
        { userId: viewer.id, amount: '999.00', date: lastMonth },
      ],
    });
    await h.db.prisma.transaction.createMany({
      data: [
        ...['0.10', '0.20', '1000.00'].map((amount, i) => ({ userId: viewer.id, amount, description: `now ${i}`, date: t })),
        { userId: viewer.id, amount: '50.00', description: 'old', date: lastMonth },
        ...[1, 2, 3].map((i) => ({ userId: viewer.id, amount: '1.00', description: `older ${i}`, date: addCalendarDays(lastMonth, -i) })),
      ],
    });
    const d = (await gql(DASH)).data.viewer.dashboard;
    expect(d).toMatchObject({ totalIncome: '3000.00', totalSpent: '1000.30', remaining: '1999.70', savingsRate: '66.7' });
    expect(d.recentTransactions).toHaveLength(5);
    expect(d.recentTransactions.slice(3).map((r: any) => r.description)).toEqual(['old', 'older 1']);
  });

  it('report totals, spending by category (with uncategorized) and budget vs actual', async () => {
    const { viewer, gql } = await h.user();
    const t = today('UTC');
    const food = await h.db.prisma.budgetCategory.create({
      data: { userId: viewer.id, name: 'Food', type: 'expenses', allocatedAmount: '100.00' },
    });
    const rent = await h.db.prisma.budgetCategory.create({
      data: { userId: viewer.id, name: 'Rent', type: 'bills', allocatedAmount: '1000.00' },
    });
    await h.db.prisma.paycheck.create({ data: { userId: viewer.id, amount: '500.00', date: t } });
    await h.db.prisma.transaction.createMany({
      data: [
        { userId: viewer.id, amount: '60.05', description: 'a', date: t, categoryId: food.id },
        { userId: viewer.id, amount: '60.05', description: 'b', date: addCalendarDays(t, -6), categoryId: food.id },
        { userId: viewer.id, amount: '900.00', description: 'c', date: addCalendarDays(t, -20), categoryId: rent.id },
        { userId: viewer.id, amount: '7.77', description: 'd', date: t },
        { userId: viewer.id, amount: '5.00', description: 'too old for a week', date: addCalendarDays(t, -7) },
      ],
    });
    const week = (await gql(REPORT, { p: 'WEEK' })).data.viewer.report;
    expect(week).toMatchObject({
      totalIncome: '500.00',
      totalSpent: '127.87',
      transactionCount: 3,
      netSavings: '372.13',
      savingsRate: '74.4',
    });
    expect(week.spendingByCategory).toEqual([
      { name: 'Food', amount: '120.10' },
      { name: 'Uncategorized', amount: '7.77' },
    ]);
    expect(week.budgetVsActual).toEqual([
      { category: { name: 'Food' }, allocated: '100.00', spent: '120.10', overBudget: true },
      { category: { name: 'Rent' }, allocated: '1000.00', spent: '0.00', overBudget: false },
    ]);
    const year = (await gql(REPORT, { p: 'YEAR' })).data.viewer.report;
    expect(year).toMatchObject({ totalSpent: '1032.87', transactionCount: 5, netSavings: '-532.87' });
  });
});

describe('exports', () => {
  it('CSV: header, rows newest first, formula cells neutralised, amounts numeric, text kept whole; 404 without data', async () => {
    const { viewer, rest } = await h.user();
    for (const path of ['/api/export/transactions.csv', '/api/export/report.html?period=month']) {
      const none = await rest('GET', path);
      expect([none.status, none.text], path).toEqual([404, '{"message":"No transactions available to export."}']);
    }
    const cat = await h.db.prisma.budgetCategory.create({ data: { userId: viewer.id, name: '=HYPERLINK("x")', type: 'bills' } });
    await h.db.prisma.transaction.createMany({
      data: [
        { userId: viewer.id, amount: '12.50', description: '=cmd|" /C calc"!A0', date: new Date('2026-01-02'), categoryId: cat.id },
        { userId: viewer.id, amount: '0.10', description: 'Coffee, "large"', date: new Date('2026-01-03') },
        { userId: viewer.id, amount: '3.20', description: 'Café ☕ 東京\nsecond line', date: new Date('2026-01-01') },
      ],
    });
    const res = await rest('GET', '/api/export/transactions.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?transactions_\d{4}-\d{2}-\d{2}\.csv"?$/);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/i);
    expect(res.text).toBe(
      [
        'Date,Description,Amount,Category',
        '2026-01-03,"Coffee, ""large""",0.10,Uncategorized',
        `2026-01-02,"'=cmd|"" /C calc""!A0",12.50,"'=HYPERLINK(""x"")"`,
        '2026-01-01,"Café ☕ 東京\nsecond line",3.20,Uncategorized',
      ].join('\n') + '\n',
    );
    expect(['-1', '+1', '@x', '\tx', '\rx'].map(neutraliseCell)).toEqual(["'-1", "'+1", "'@x", "'\tx", "'\rx"]);
  });

  it('CSV streams many rows with an exact total', async () => {
    const { viewer, rest } = await h.user();
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: 6000 }, (_, i) => ({
        userId: viewer.id,
        amount: `${i % 50}.${String(i % 97).padStart(2, '0')}`,
        description: `r${i}`,
        date: new Date(Date.UTC(2025, i % 12, 1)),
      })),
    });
    const lines = (await rest('GET', '/api/export/transactions.csv?period=all')).text.trim().split('\n').slice(1);
    expect(lines).toHaveLength(6000);
    const total = lines.reduce((s, l) => s.plus(l.split(',')[2]!), new Decimal(0));
    const [agg] = await h.db.prisma.$queryRaw<{ s: Decimal }[]>`SELECT sum(amount) s FROM transactions WHERE user_id = ${viewer.id}`;
    expect(total.toFixed(2)).toBe(new Decimal(agg!.s).toFixed(2));
  });

  it('HTML report: named by period, escaped user text, no scripts', async () => {
    const { viewer, rest } = await h.user();
    const cat = await h.db.prisma.budgetCategory.create({
      data: { userId: viewer.id, name: '<img src=x onerror=alert(1)>', type: 'bills' },
    });
    await h.db.prisma.transaction.create({
      data: { userId: viewer.id, amount: '9.99', description: '<script>alert(1)</script>', date: today('UTC'), categoryId: cat.id },
    });
    const res = await rest('GET', '/api/export/report.html?period=month');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/financial_report_monthly_\d{4}-\d{2}-\d{2}\.html/);
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.text).not.toMatch(/<script|<img/i);
    expect(res.text).toContain('-$9.99');
    expect((await rest('GET', '/api/export/report.html?period=decade')).status).toBe(400);
  });
});
