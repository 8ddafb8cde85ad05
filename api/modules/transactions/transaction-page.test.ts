import { describe, expect, it } from 'vitest';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { filterWhere, parseTransactionFilter } from './transaction-filter.ts';
import { SEARCH_WINDOW, transactionPage } from './transaction-page.ts';

// A list's page is read in one statement of SQL: it must answer exactly what Prisma's client answers
// for the same page (its rows, their fields and types, their category and account), whatever the page.
const h = useModuleHarness();
const ORDER = [{ date: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }] as const;

describe('a page of transactions', () => {
  it("answers Prisma's rows, category and account included, for every filter, cursor and direction", async () => {
    const { viewer, rest } = await h.user();
    const other = await h.user();
    const food = (await rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses', allocatedAmount: '120.50' })).body.id;
    const wallet = (await rest('POST', '/api/accounts', { name: 'Wallet', type: 'cash', notes: 'in the drawer' })).body.id;
    // Several rows a day, some added in one statement (the same time added: the id decides), some apart.
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: 12 }, (_, i) => ({
        userId: viewer.id,
        amount: `${i + 1}.0${i % 10}`,
        description: i % 3 ? `Café ${i}` : `Rent ${i}`,
        date: day(1 + (i % 4)),
        categoryId: i % 2 ? food : null,
        accountId: i % 3 ? wallet : null,
      })),
    });
    for (const d of [2, 3, 9])
      await rest('POST', '/api/transactions', {
        amount: '9.99',
        description: 'Coffee',
        date: `2026-01-0${d}`,
        categoryId: food,
        accountId: wallet,
      });
    // Split ones and a refund: a page reads their kind, and their lines with their categories when asked.
    for (const [d, lines] of [
      [4, [food, null]],
      [3, [null, food, food]],
    ] as const)
      await rest('POST', '/api/transactions', {
        amount: `${lines.length}.00`,
        description: 'Split',
        date: `2026-01-0${d}`,
        accountId: wallet,
        splits: lines.map((categoryId, i) => ({ categoryId, amount: '1.00', notes: i ? null : 'first' })),
      });
    await rest('POST', '/api/transactions', {
      amount: '4.00',
      description: 'Refund',
      date: '2026-01-03',
      kind: 'refund',
      categoryId: food,
    });
    const theirs = (await other.rest('POST', '/api/transactions', { amount: '1.00', description: 'Theirs', date: '2026-01-02' })).body.id;

    type Filter = ReturnType<typeof parseTransactionFilter>;
    type Include = { category?: true; account?: true; splits?: true };
    const BOTH: Include = { category: true, account: true, splits: true };
    const same = async (filter: Filter, args: { take: number; skip?: number; cursor?: { id: string } }, include?: Include) => {
      const page = await transactionPage(viewer, filter, { ...args, include });
      const expected = await h.db.prisma.transaction.findMany({
        where: await filterWhere(viewer, filter),
        orderBy: [...ORDER],
        ...(include && {
          include: { ...include, ...(include.splits && { splits: { orderBy: { position: 'asc' }, include: { category: true } } }) },
        }),
        ...args,
      });
      expect(JSON.stringify(page), JSON.stringify({ filter, args, include })).toBe(JSON.stringify(expected));
      return page;
    };

    for (const f of [
      {},
      { categoryId: food },
      { uncategorized: true },
      { accountId: wallet },
      { q: 'cafe' },
      { from: '2026-01-02', to: '2026-01-03' },
      { minAmount: '5' },
      { kind: 'refund' },
    ]) {
      const filter = parseTransactionFilter(f);
      const all = await same(filter, { take: 100 }, BOTH);
      expect(all.length, JSON.stringify(f)).toBeGreaterThan(0);
      // Forward through the list 4 rows at a time, then back from its end: every row once, in order.
      const forward = [];
      for (let cursor: string | undefined; ;) {
        const page = await same(filter, cursor ? { take: 4, skip: 1, cursor: { id: cursor } } : { take: 4 }, BOTH);
        forward.push(...page);
        if (page.length < 4) break;
        cursor = page.at(-1)!.id;
      }
      expect(forward.map((t) => t.id)).toEqual(all.map((t) => t.id));
      const backward = [];
      for (let cursor: string | undefined; ;) {
        const page = await same(filter, cursor ? { take: -4, skip: 1, cursor: { id: cursor } } : { take: -4 }, { account: true });
        backward.unshift(...page);
        if (page.length < 4) break;
        cursor = page[0]!.id;
      }
      expect(backward.map((t) => t.id)).toEqual(all.map((t) => t.id));
    }

    // Only the relations asked for are read (the REST list asks for none).
    for (const include of [undefined, { category: true } as const]) {
      const [row] = await same(parseTransactionFilter({ accountId: wallet }), { take: 1 }, include);
      expect(Object.keys(row!)).toEqual([...Object.keys(await h.db.prisma.transaction.findFirstOrThrow()), ...Object.keys(include ?? {})]);
    }

    // Another user's row, or no row at all, is no cursor: an empty page either way, as Prisma's (scoped) cursor answers.
    for (const id of [theirs, '01a21838-0000-7000-8000-000000000000'])
      for (const take of [3, -3]) expect(await same(parseTransactionFilter({}), { take, skip: 1, cursor: { id } }, BOTH)).toEqual([]);

    // The fields have Prisma's types: money as Decimal, times as Date.
    const [first] = await transactionPage(viewer, parseTransactionFilter({ q: 'coffee' }), { take: 1, include: BOTH });
    expect(first!.amount).toBeInstanceOf(Decimal);
    expect(first!.amount.toFixed(2)).toBe('9.99');
    expect(first!.date).toEqual(day(9));
    expect(first!.createdAt).toBeInstanceOf(Date);
    expect(first!.category).toMatchObject({ name: 'Food', allocatedPercentage: 0 });
    expect(first!.category!.allocatedAmount.toFixed(2)).toBe('120.50');
    expect(first!.category!.updatedAt).toBeInstanceOf(Date);
    expect(first!.account).toMatchObject({ name: 'Wallet', type: 'cash', notes: 'in the drawer', isDefault: true });
    expect(first!.account!.balance).toBeInstanceOf(Decimal);
    const [split] = await transactionPage(viewer, parseTransactionFilter({ q: 'split', from: '2026-01-03', to: '2026-01-03' }), {
      take: 1,
      include: { splits: true },
    });
    expect(split!.kind).toBe('expense');
    expect(split!.splits!.map((l) => [l.amount.toFixed(2), l.category?.name ?? null, l.notes])).toEqual([
      ['1.00', null, 'first'],
      ['1.00', 'Food', null],
      ['1.00', 'Food', null],
    ]);
  });

  it('answers the same pages of a search when the history is longer than the rows it looks through first', async () => {
    const { viewer } = await h.user();
    // Three rows a day, newest first: "zeppelin ride" in three rows inside the window and eight
    // beyond it, "quartz clock" only beyond it, "coffee shop" in every fourth other row. The window's last row is the
    // second of its day, whose third (a "zeppelin") is beyond it: the window takes that day whole.
    const rows = SEARCH_WINDOW + 600;
    const zeppelins = [5, 1_801, SEARCH_WINDOW - 2, ...[0, 1, 2, 3, 50, 51, 70, 300].map((k) => SEARCH_WINDOW + k)];
    const word = (i: number) =>
      zeppelins.includes(i)
        ? 'Zeppelin ride'
        : i % 4 === 0
          ? 'Coffee shop'
          : i > SEARCH_WINDOW + 400 && i % 9 === 0
            ? 'Quartz clock'
            : 'Rent';
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: rows }, (_, i) => ({
        userId: viewer.id,
        amount: `${(i % 50) + 1}.00`,
        description: `${word(i)} ${i}`,
        date: new Date(Date.UTC(2030, 0, 1) - Math.floor(i / 3) * 86_400_000),
      })),
    });
    // Several words look through the window first; one word is PostgreSQL's to plan.
    for (const q of ['coffee shop', 'ride zeppelin', 'quartz clock', 'zeppelin 50', 'nothing here', 'zeppelin']) {
      const filter = parseTransactionFilter({ q });
      const expected = await h.db.prisma.transaction.findMany({
        where: await filterWhere(viewer, filter),
        orderBy: [...ORDER],
        select: { id: true },
      });
      const ids = (page: { id: string }[]) => page.map((t) => t.id);
      expect(ids(await transactionPage(viewer, filter, { take: 200 })), q).toEqual(ids(expected).slice(0, 200));
      // Forward 6 at a time across the window's edge, then back from the end: every match once, in order.
      const forward: string[] = [];
      for (let cursor: string | undefined; forward.length < 60;) {
        const page = ids(await transactionPage(viewer, filter, cursor ? { take: 6, skip: 1, cursor: { id: cursor } } : { take: 6 }));
        forward.push(...page);
        if (page.length < 6) break;
        cursor = page.at(-1);
      }
      expect(forward, q).toEqual(ids(expected).slice(0, forward.length));
      const backward: string[] = [];
      for (let cursor: string | undefined; backward.length < 60;) {
        const page = ids(await transactionPage(viewer, filter, cursor ? { take: -6, skip: 1, cursor: { id: cursor } } : { take: -6 }));
        backward.unshift(...page);
        if (page.length < 6) break;
        cursor = page[0];
      }
      expect(backward, q).toEqual(ids(expected).slice(-backward.length || expected.length));
    }
  });
});
