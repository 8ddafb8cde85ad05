import { describe, expect, it } from 'vitest';
import { Decimal } from '../lib/money.ts';
import { BudgetNotFoundError, fromDatabaseError } from '../lib/errors.ts';
import { lockOwner } from '../lib/owner-lock.ts';
import { testDatabaseKind } from '../test/test-database.ts';
import { useModuleHarness } from '../test/module-harness.ts';

// 50 clients at once, on PGlite and on PostgreSQL (a pool of 10 connections): no lost update.
// The clients' concurrency is what exposes a lost update (each round puts 50 writes in flight at once);
// 20 rounds of it are plenty; the contributions add up to 494.00, past the goal's 400.00 target.
const CLIENTS = 50;
const CONTRIBUTIONS = 20;
const h = useModuleHarness();

/** A budget of its owner's with a second user as an editor. */
async function sharedBudget() {
  const owner = await h.user();
  const member = await h.user();
  const budget = (await owner.rest('POST', '/api/budgets', { name: 'Household' })).body.id as string;
  const invited = await owner.rest('POST', `/api/budgets/${budget}/invitations`, { role: 'editor' });
  const token = (invited.body.url as string).split('/invitations/')[1]!;
  expect((await member.rest('POST', `/api/invitations/${token}/accept`, {})).status).toBe(200);
  return { owner, member, budget };
}

async function clients(work: (client: number) => Promise<void>) {
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => work(i)));
}

describe(`concurrency (${testDatabaseKind()})`, () => {
  it(`${CLIENTS} clients × ${CONTRIBUTIONS} contributions to one goal: the total is the exact sum, completed once`, async () => {
    const call = (await h.user()).rest;
    const goal = (await call('POST', '/api/savings-goals', { name: 'Shared', targetAmount: '400.00' })).body;
    let expected = new Decimal(0);
    const failures: number[] = [];
    await clients(async (c) => {
      for (let i = 0; i < CONTRIBUTIONS; i++) {
        const amount = `0.${String(((c * 7 + i * 13) % 99) + 1).padStart(2, '0')}`; // 0.01 to 0.99: a contribution is never 0
        const res = await call('POST', '/api/goal-contributions', { goalId: goal.id, amount, contributionDate: '2026-01-01' });
        if (res.status === 201) expected = expected.plus(amount);
        else failures.push(res.status);
      }
    });
    const after = (await call('GET', '/api/savings-goals')).body[0];
    const [sum] = await h.db.prisma.$queryRaw<
      { s: Decimal; n: number }[]
    >`SELECT sum(amount) s, count(*)::int n FROM goal_contributions WHERE goal_id = ${goal.id}`;
    console.log(
      `concurrency: ${CLIENTS * CONTRIBUTIONS} contributions from ${CLIENTS} clients, failures: ${failures.length}, lost updates: ${new Decimal(after.currentAmount).minus(expected).abs().toFixed(2)}`,
    );
    expect(failures).toEqual([]);
    expect(sum!.n).toBe(CLIENTS * CONTRIBUTIONS);
    expect(after.currentAmount).toBe(expected.toFixed(2));
    expect(new Decimal(sum!.s).toFixed(2)).toBe(expected.toFixed(2));
    expect(after.isCompleted).toBe(expected.greaterThanOrEqualTo(400) ? 1 : 0);
  }, 300_000);

  it('100 concurrent expenses on one account, with transfers both ways, edits and deletes racing: every balance exact', async () => {
    const call = (await h.user()).rest;
    const a = (await call('POST', '/api/accounts', { name: 'A', type: 'checking', balance: '1000.00', startingDate: '2000-01-01' })).body;
    const b = (await call('POST', '/api/accounts', { name: 'B', type: 'savings', balance: '1000.00', startingDate: '2000-01-01' })).body;
    const expected = { [a.id]: new Decimal('1000.00'), [b.id]: new Decimal('1000.00') };
    const failures: string[] = [];
    const ok = (res: { status: number; body: unknown }, status: number) =>
      res.status === status || (failures.push(`${res.status} ${JSON.stringify(res.body)}`), false);
    await clients(async (c) => {
      for (let i = 0; i < 2; i++) {
        const amount = `${c + 1}.${String((c * 31 + i * 7) % 100).padStart(2, '0')}`; // never 0: an expense moves money
        if (ok(await call('POST', '/api/transactions', { amount, description: `e${c}-${i}`, date: '2026-01-01', accountId: a.id }), 201))
          expected[a.id] = expected[a.id]!.minus(amount);
      }
      // Transfers in both directions at once (a lock-order mistake would deadlock these).
      const [from, to] = c % 2 ? [a.id, b.id] : [b.id, a.id];
      if (ok(await call('POST', '/api/transfers', { fromAccountId: from, toAccountId: to, amount: '1.01', date: '2026-01-02' }), 201)) {
        expected[from] = expected[from]!.minus('1.01');
        expected[to] = expected[to]!.plus('1.01');
      }
      // A paycheck moved from A to B, then deleted: no trace left.
      const paycheck = await call('POST', '/api/paychecks', { amount: '5.00', date: '2026-01-03', accountId: a.id });
      ok(paycheck, 201);
      ok(await call('PATCH', `/api/paychecks/${paycheck.body.id}`, { accountId: b.id, amount: '7.00' }), 200);
      ok(await call('DELETE', `/api/paychecks/${paycheck.body.id}`), 204);
    });
    const accounts = (await call('GET', '/api/accounts')).body as { id: string; balance: string }[];
    // The stored balances are what the rows say: the opening balance plus every change.
    const [fromRows] = await h.db.prisma.$queryRaw<{ a: Decimal; b: Decimal }[]>`
      SELECT 1000 - (SELECT coalesce(sum(amount), 0) FROM transactions WHERE account_id = ${a.id})
               - (SELECT coalesce(sum(amount), 0) FROM transfers WHERE from_account_id = ${a.id})
               + (SELECT coalesce(sum(amount), 0) FROM transfers WHERE to_account_id = ${a.id}) AS a,
             1000 - (SELECT coalesce(sum(amount), 0) FROM transfers WHERE from_account_id = ${b.id})
               + (SELECT coalesce(sum(amount), 0) FROM transfers WHERE to_account_id = ${b.id}) AS b`;
    const balance = (id: string) => accounts.find((x) => x.id === id)!.balance;
    console.log(
      `concurrency: ${CLIENTS * 2} expenses, ${CLIENTS} transfers both ways and ${CLIENTS} paycheck edits on two accounts at once: failures ${failures.length}, balances ${balance(a.id)} / ${balance(b.id)} (expected ${expected[a.id]!.toFixed(2)} / ${expected[b.id]!.toFixed(2)})`,
    );
    expect(failures).toEqual([]);
    expect([balance(a.id), balance(b.id)]).toEqual([expected[a.id]!.toFixed(2), expected[b.id]!.toFixed(2)]);
    expect([new Decimal(fromRows!.a).toFixed(2), new Decimal(fromRows!.b).toFixed(2)]).toEqual([balance(a.id), balance(b.id)]);
  }, 300_000);

  it('50 clients setting default accounts and adding accounts: exactly one default, always', async () => {
    const call = (await h.user()).rest;
    for (let i = 0; i < 5; i++) await call('POST', '/api/accounts', { name: `A${i}`, type: 'checking' });
    const ids = (await call('GET', '/api/accounts')).body.map((a: { id: string }) => a.id);
    const statuses: number[] = [];
    await clients(async (c) => {
      for (let i = 0; i < 10; i++) {
        const res =
          c % 5 === 0
            ? await call('POST', '/api/accounts', { name: `N${c}-${i}`, type: 'cash', isDefault: 1 })
            : await call('PUT', `/api/accounts/${ids[(c + i) % ids.length]}`, { isDefault: 1 });
        statuses.push(res.status);
      }
    });
    const accounts = (await call('GET', '/api/accounts')).body;
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    expect(accounts.filter((a: { isDefault: number }) => a.isDefault === 1)).toHaveLength(1);
    expect(accounts).toHaveLength(5 + 10 * (CLIENTS / 5));
  }, 300_000);

  it('50 clients saving budget allocations: every row ends from the same save', async () => {
    const call = (await h.user()).rest;
    for (const name of ['A', 'B', 'C', 'D']) await call('POST', '/api/budget-categories', { name, type: 'bills' });
    const ids = (await call('GET', '/api/budget-categories')).body.map((c: { id: string }) => c.id);
    await clients(async (c) => {
      for (let i = 0; i < 5; i++) {
        const res = await call(
          'PUT',
          '/api/budget-categories/bulk',
          ids.map((id: string) => ({ id, allocatedAmount: `${c}.${String(i).padStart(2, '0')}`, allocatedPercentage: c })),
        );
        expect(res.status).toBe(200);
      }
    });
    const rows = (await call('GET', '/api/budget-categories')).body;
    expect(
      new Set(rows.map((r: { allocatedAmount: string; allocatedPercentage: number }) => `${r.allocatedAmount}|${r.allocatedPercentage}`))
        .size,
    ).toBe(1);
  }, 300_000);

  it('creations racing the deletion of the category they name: 201 or 400 "Category not found", never 500', async () => {
    const call = (await h.user()).rest;
    const answers = new Map<string, number>();
    let deletions = 0;
    for (let round = 0; round < 10; round++) {
      const category = (await call('POST', '/api/budget-categories', { name: `Race ${round}`, type: 'bills' })).body;
      const create = (i: number) =>
        i % 2
          ? call('POST', '/api/transactions', {
              amount: '1.00',
              description: `race ${round}-${i}`,
              date: '2026-01-01',
              categoryId: category.id,
            })
          : call('POST', '/api/recurring-bills', {
              name: `race ${round}-${i}`,
              amount: '1.00',
              frequency: 'monthly',
              dueDay: 1,
              nextDueDate: '2026-01-01',
              categoryId: category.id,
            });
      // Creations start a millisecond apart, the deletion among them: some land between a creation's check and its insert.
      const pending: Promise<Awaited<ReturnType<typeof call>>>[] = [];
      let deletion!: ReturnType<typeof call>;
      for (let i = 0; i < 10; i++) {
        if (i === 5) deletion = call('DELETE', `/api/budget-categories/${category.id}`);
        pending.push(create(i));
        await new Promise((r) => setTimeout(r, 1));
      }
      const results = await Promise.all(pending);
      if ((await deletion).status === 204) deletions++;
      for (const res of results) {
        const answer = res.status === 201 ? '201' : `${res.status} ${res.body?.message}`;
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
      }
    }
    console.log(
      `concurrency: 100 creations racing ${deletions} deletions of their category: ${[...answers].map(([a, n]) => `${n} × ${a}`).join(', ')}`,
    );
    expect(deletions).toBe(10);
    expect([...answers.keys()].filter((a) => a !== '201' && a !== '400 Category not found')).toEqual([]);
  }, 300_000);

  it('maps a reference to a row that is gone to its field and "not found" message', async () => {
    const { viewer } = await h.user();
    const gone = '00000000-0000-7000-8000-000000000000';
    const base = { userId: viewer.id, amount: '1.00' };
    const writes = {
      categoryId: () => h.db.prisma.transaction.create({ data: { ...base, description: 'x', date: new Date(), categoryId: gone } }),
      'categoryId ': () =>
        h.db.prisma.recurringBill.create({
          data: { ...base, name: 'x', frequency: 'monthly', dueDay: 1, nextDueDate: new Date(), categoryId: gone },
        }),
      recurringBillId: () => h.db.prisma.billPayment.create({ data: { ...base, paidDate: new Date(), recurringBillId: gone } }),
      goalId: () => h.db.prisma.goalContribution.create({ data: { ...base, contributionDate: new Date(), goalId: gone } }),
    };
    const mapped = await Promise.all(
      Object.values(writes).map((write) =>
        write().then(
          () => undefined,
          (err: unknown) => fromDatabaseError(err),
        ),
      ),
    );
    expect(mapped.map((e) => ({ message: e?.message, issues: (e as { issues?: unknown } | undefined)?.issues }))).toEqual([
      { message: 'Category not found', issues: [{ path: ['categoryId'], message: 'Category not found' }] },
      { message: 'Category not found', issues: [{ path: ['categoryId'], message: 'Category not found' }] },
      { message: 'Bill not found', issues: [{ path: ['recurringBillId'], message: 'Bill not found' }] },
      { message: 'Goal not found', issues: [{ path: ['goalId'], message: 'Goal not found' }] },
    ]);
  });

  it('a member removed while their writes race it: nothing of theirs is written or acknowledged after the removal', async () => {
    const { owner, member, budget } = await sharedBudget();
    const as = (method: string, path: string, body?: unknown) => member.rest(method, path, body, { 'x-budget-id': budget });
    const account = (await as('POST', '/api/accounts', { name: 'Joint', type: 'checking', balance: '100.00', startingDate: '2000-01-01' }))
      .body.id as string;

    const acknowledged: string[] = [];
    const statuses: Record<number, number> = {};
    const afterRemoval: number[] = [];
    let removed = false;
    let atRemoval = 0;
    const removal = (async () => {
      // Once some writes went through and many are under way.
      while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 1));
      expect((await owner.rest('DELETE', `/api/budgets/${budget}/members/${member.viewer.id}`)).status).toBe(204);
      removed = true;
      atRemoval = await h.db.prisma.transaction.count({ where: { userId: budget } });
    })();
    await Promise.all([
      removal,
      clients(async (c) => {
        for (let i = 0; i < 6; i++) {
          const startedAfter = removed;
          const res = await as('POST', '/api/transactions', {
            amount: '1.00',
            description: `m${c}-${i}`,
            date: '2026-01-01',
            accountId: account,
          });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 201) acknowledged.push(res.body.id);
          if (startedAfter) afterRemoval.push(res.status);
        }
      }),
    ]);
    const written = await h.db.prisma.transaction.findMany({ where: { userId: budget }, select: { id: true } });
    console.log(
      `concurrency (removal race): ${CLIENTS * 6} writes of a member racing their removal: ${JSON.stringify(statuses)}; started after it: ${afterRemoval.length}, all refused`,
    );
    // Every write acknowledged is there, and nothing was written after the removal: a write that would
    // commit after it waits for it and is refused (the membership's lock). A write that committed just
    // before may be refused too (the membership is read again before answering): never the reverse.
    const ids = new Set(written.map((t) => t.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    expect(written.length).toBe(atRemoval);
    // The removal takes its turn among the writes (they cannot hold it back): some came after it, all refused.
    expect(Object.keys(statuses).every((status) => ['201', '404'].includes(status))).toBe(true);
    expect(afterRemoval.length).toBeGreaterThan(0);
    expect(afterRemoval.every((status) => status === 404)).toBe(true);
    expect((await owner.rest('GET', '/api/accounts', undefined, { 'x-budget-id': budget })).body[0].balance).toBe(
      new Decimal('100.00').minus(written.length).toFixed(2),
    );
  }, 300_000);

  // PostgreSQL only: PGlite's one connection runs one transaction at a time, so nothing overtakes there.
  it.runIf(testDatabaseKind() === 'postgres')(
    "a removal takes its turn among the member's writes: the write asked after it is refused, however many keep coming",
    async () => {
      const { owner, member, budget } = await sharedBudget();
      const asMember = { ...member.viewer, budgetId: budget, role: 'editor' as const };
      const waiting = async (n: number) => {
        for (;;) {
          const [row] = await h.db.prisma.$queryRaw<{ count: number }[]>`
            SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
          if (row!.count >= n) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      // A write of the member's holds the budget's lock; the removal asks, then another write.
      const first = h.db.prisma.$transaction(
        async (tx) => {
          await lockOwner(tx, asMember);
          locked();
          await held;
        },
        { timeout: 60_000 },
      );
      await holding;
      const removal = owner.rest('DELETE', `/api/budgets/${budget}/members/${member.viewer.id}`);
      await waiting(1);
      // Its outcome is taken at once: it is refused while the test still awaits the others.
      const second = h.db.prisma
        .$transaction((tx) => lockOwner(tx, asMember), { timeout: 60_000 })
        .then(
          () => 'acknowledged',
          (error: unknown) => error,
        );
      await waiting(2);
      release();
      await first;
      expect((await removal).status).toBe(204);
      expect(await second).toBeInstanceOf(BudgetNotFoundError);
    },
    60_000,
  );
});
