import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';

/** The plan's fields on categories, the month's writes, targets, carried overspending, and their refusals. */
const h = useModuleHarness();
type User = Awaited<ReturnType<typeof h.user>>;

async function setUp(u: User) {
  await u.rest('POST', '/api/paychecks', { amount: '3000.00', date: '2026-09-15' });
  const add = async (body: object) => (await u.rest('POST', '/api/budget-categories', { type: 'expenses', ...body })).body;
  const rent = await add({ name: 'Rent', allocatedAmount: '1000.00', planKind: 'amount' });
  const fun = await add({ name: 'Fun', allocatedAmount: '100.00' });
  return { rent: rent.id as string, fun: fun.id as string };
}

const assignments = (u: User) => h.db.prisma.budgetAssignment.findMany({ where: { userId: u.viewer.id }, orderBy: { id: 'asc' } });

describe('plan kind, overspending rule and target on categories', () => {
  it('POST, PATCH and the bulk save take them; without a plan kind the rule decides', async () => {
    const alice = await h.user();
    await alice.rest('POST', '/api/paychecks', { amount: '2000.00', date: '2026-09-15' });
    const post = (body: object) => alice.rest('POST', '/api/budget-categories', { type: 'expenses', ...body });
    // 15 % of 2,000 is 300.00: the slider's linked amount → percentage; a typed amount (or 0 %) → amount.
    expect((await post({ name: 'A', allocatedAmount: '300.00', allocatedPercentage: 15 })).body.planKind).toBe('percentage');
    expect((await post({ name: 'B', allocatedAmount: '300.01', allocatedPercentage: 15 })).body.planKind).toBe('amount');
    expect((await post({ name: 'C', allocatedAmount: '0.00', allocatedPercentage: 0 })).body.planKind).toBe('amount');
    const d = await post({
      name: 'D',
      allocatedAmount: '50.00',
      planKind: 'percentage',
      carryOverspending: true,
      target: { kind: 'saveByDate', amount: '600.00', date: '2026-12-31' },
    });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({
      planKind: 'percentage',
      carryOverspending: true,
      target: { kind: 'saveByDate', amount: '600.00', date: '2026-12-31' },
    });
    expect(d.body).not.toHaveProperty('targetKind');

    const patched = await alice.rest('PATCH', `/api/budget-categories/${d.body.id}`, {
      planKind: 'amount',
      carryOverspending: false,
      target: { kind: 'monthly', amount: '75.00' },
    });
    expect(patched.body).toMatchObject({
      planKind: 'amount',
      carryOverspending: false,
      target: { kind: 'monthly', amount: '75.00', date: null },
    });
    expect((await alice.rest('PATCH', `/api/budget-categories/${d.body.id}`, { target: null })).body.target).toBeNull();

    const bulk = await alice.rest('PUT', '/api/budget-categories/bulk', [
      { id: d.body.id, allocatedAmount: '400.00', allocatedPercentage: 20 },
      { id: (await post({ name: 'E' })).body.id, allocatedAmount: '10.00', allocatedPercentage: 1, planKind: 'percentage' },
    ]);
    expect(bulk.status).toBe(200);
    expect(bulk.body.filter((c: any) => ['D', 'E'].includes(c.name)).map((c: any) => [c.name, c.planKind])).toEqual([
      ['D', 'percentage'],
      ['E', 'percentage'],
    ]);

    const gql = await alice.gql(
      `mutation($input: UpdateBudgetCategoryInput!) { updateBudgetCategory(input: $input) { budgetCategory { planKind carryOverspending target { kind amount date } } } }`,
      {
        input: {
          id: encodeGlobalID('BudgetCategory', d.body.id),
          planKind: 'AMOUNT',
          carryOverspending: true,
          target: { kind: 'SAVE_BY_DATE', amount: '90.00', date: '2027-01-31' },
        },
      },
    );
    expect(gql.data.updateBudgetCategory.budgetCategory).toEqual({
      planKind: 'AMOUNT',
      carryOverspending: true,
      target: { kind: 'SAVE_BY_DATE', amount: '90.00', date: '2027-01-31' },
    });
  });

  it('bad plan fields answer 400 with their message and change nothing', async () => {
    const alice = await h.user();
    const { fun } = await setUp(alice);
    const before = await h.db.prisma.budgetCategory.findUniqueOrThrow({ where: { id: fun } });
    const cases: [object, string][] = [
      [{ planKind: 'weekly' }, 'Plan kind must be one of: amount, percentage'],
      [{ carryOverspending: 'yes' }, 'carryOverspending must be true or false'],
      [{ target: { kind: 'saveByDate', amount: '10.00' } }, 'A save-by-date target needs a date'],
      [{ target: { kind: 'monthly', amount: '10.00', date: '2026-12-01' } }, 'A monthly target has no date'],
      [{ target: { kind: 'monthly', amount: '0.00' } }, 'Amount must be greater than 0'],
      [{ target: { kind: 'yearly', amount: '10.00' } }, 'Target kind must be one of: saveByDate, monthly'],
    ];
    for (const [body, message] of cases) {
      const res = await alice.rest('PATCH', `/api/budget-categories/${fun}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: any) => e.message)).toContain(message);
    }
    expect(await h.db.prisma.budgetCategory.findUniqueOrThrow({ where: { id: fun } })).toEqual(before);
  });
});

describe("the month's writes", () => {
  it('refuse a bad month, a bad amount, a month before the budget, and an id not yours (404 like a missing one); nothing written', async () => {
    const alice = await h.user();
    const bob = await h.user();
    const { rent, fun } = await setUp(alice);
    const { rent: bobRent } = await setUp(bob);
    const put = (month: string, id: string, body: unknown) => alice.rest('PUT', `/api/budget/month/${month}/categories/${id}`, body);
    const move = (month: string, body: object) => alice.rest('POST', `/api/budget/month/${month}/move`, body);

    expect((await put('2026-13', rent, { assigned: '1.00' })).body).toMatchObject({
      errors: [{ path: ['month'], message: 'Month must be a calendar month as YYYY-MM (for example 2026-11)' }],
    });
    for (const assigned of ['-1.00', 'abc', '1.001', 5]) {
      const res = await put('2026-10', rent, { assigned });
      expect(res.status, String(assigned)).toBe(400);
    }
    expect((await put('2026-10', rent, {})).body.errors).toEqual([
      { path: ['assigned'], message: 'Assigned must be an amount, or null to follow the plan' },
    ]);
    expect((await put('2026-08', rent, { assigned: '1.00' })).body.errors).toEqual([
      { path: ['month'], message: 'The budget starts in 2026-09: choose that month or a later one' },
    ]);
    const stranger = await h.user();
    const strangers = await stranger.rest('POST', '/api/budget-categories', { name: 'S', type: 'bills' });
    expect(
      (await stranger.rest('PUT', `/api/budget/month/2026-10/categories/${strangers.body.id}`, { assigned: '1.00' })).body.errors,
    ).toEqual([{ path: ['month'], message: 'The budget starts with your first paycheck or transaction: add one first' }]);

    const missing = '00000000-0000-7000-8000-000000000000';
    const theirs = await put('2026-10', bobRent, { assigned: '1.00' });
    const none = await put('2026-10', missing, { assigned: '1.00' });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);

    expect((await move('2026-10', { fromCategoryId: rent, toCategoryId: fun, amount: '0.00' })).body.errors).toEqual([
      { path: ['amount'], message: 'Amount must be greater than 0' },
    ]);
    expect((await move('2026-10', { fromCategoryId: rent, toCategoryId: rent, amount: '1.00' })).body.errors).toEqual([
      { path: ['toCategoryId'], message: 'Choose two different categories' },
    ]);
    expect((await move('2026-10', { fromCategoryId: rent, toCategoryId: fun, amount: '1000.01' })).body.errors).toEqual([
      { path: ['amount'], message: 'Amount must be at most what Rent has assigned this month (1000.00)' },
    ]);
    const moveTheirs = await move('2026-10', { fromCategoryId: bobRent, toCategoryId: fun, amount: '1.00' });
    const moveNone = await move('2026-10', { fromCategoryId: missing, toCategoryId: fun, amount: '1.00' });
    expect(moveTheirs.status).toBe(404);
    expect(moveTheirs.body).toEqual(moveNone.body);
    expect((await move('2026-10', { fromCategoryId: fun, toCategoryId: bobRent, amount: '1.00' })).status).toBe(404);
    expect(await assignments(alice)).toEqual([]);
    expect(await assignments(bob)).toEqual([]);

    const gql = await alice.gql(`mutation($input: MoveMoneyInput!) { moveMoney(input: $input) { budgetMonth { month } } }`, {
      input: {
        month: '2026-10',
        fromCategoryId: encodeGlobalID('BudgetCategory', rent),
        toCategoryId: encodeGlobalID('BudgetCategory', bobRent),
        amount: '1.00',
      },
    });
    expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await assignments(alice)).toEqual([]);
  });

  it('moving all of what is assigned leaves 0; both amounts are written together', async () => {
    const alice = await h.user();
    const { rent, fun } = await setUp(alice);
    const res = await alice.rest('POST', '/api/budget/month/2026-09/move', { fromCategoryId: rent, toCategoryId: fun, amount: '1000.00' });
    expect(res.status).toBe(200);
    expect([res.body.from.assigned, res.body.to.assigned]).toEqual(['0.00', '1100.00']);
    expect((await assignments(alice)).map((a) => [a.categoryId, a.month, a.amount.toFixed(2)])).toEqual(
      expect.arrayContaining([
        [rent, '2026-09', '0.00'],
        [fun, '2026-09', '1100.00'],
      ]),
    );
  });
});

describe('targets and carried overspending on the month', () => {
  it('save by date: needed per month from this month; monthly: its amount; underfunded when less is assigned', async () => {
    const alice = await h.user();
    const { rent, fun } = await setUp(alice);
    await alice.rest('PATCH', `/api/budget-categories/${rent}`, { target: { kind: 'saveByDate', amount: '3100.00', date: '2026-11-30' } });
    await alice.rest('PATCH', `/api/budget-categories/${fun}`, { target: { kind: 'monthly', amount: '150.00' } });
    const month = async (m: string) => (await alice.rest('GET', `/api/budget/month?month=${m}`)).body.categories;
    // September: 3,100 over September–November: 1,033.34 a month (rounded up); 1,000 assigned → 33.34 short.
    expect((await month('2026-09')).map((r: any) => [r.name, r.targetNeeded, r.underfunded])).toEqual([
      ['Rent', '1033.34', '33.34'],
      ['Fun', '150.00', '50.00'],
    ]);
    // October carries 1,000 in: 2,100 over two months.
    expect((await month('2026-10'))[0]).toMatchObject({ carried: '1000.00', targetNeeded: '1050.00', underfunded: '50.00' });
    // December, past the date: what is still missing (100.00), all at once; 1,000 assigned covers it.
    expect((await month('2026-12'))[0]).toMatchObject({ carried: '3000.00', targetNeeded: '100.00', underfunded: null });
  });

  it('carryOverspending keeps a negative available in the category instead of taking it from Ready to Assign', async () => {
    const alice = await h.user();
    const { fun } = await setUp(alice);
    await alice.rest('POST', '/api/transactions', { amount: '130.00', description: 'Party', date: '2026-09-20', categoryId: fun });
    const october = async () => (await alice.rest('GET', '/api/budget/month?month=2026-10')).body;
    const dropped = await october();
    expect(dropped.categories[1]).toMatchObject({ name: 'Fun', carried: '0.00', available: '100.00' });
    await alice.rest('PATCH', `/api/budget-categories/${fun}`, { carryOverspending: true });
    const carried = await october();
    expect(carried.categories[1]).toMatchObject({ carried: '-30.00', available: '70.00', carryOverspending: true });
    // The 30 overspent is no longer taken from October's Ready to Assign.
    expect(new Decimal(carried.readyToAssign).minus(dropped.readyToAssign).toFixed(2)).toBe('30.00');
  });
});
