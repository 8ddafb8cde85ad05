import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { addCalendarDays, formatCalendarDate, today } from '../../lib/dates.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { nextDueDate, previousDueDate } from './due-dates.ts';
import { BILL_FREQUENCIES } from '../../../shared/enums.ts';

const d = (s: string) => new Date(`${s}T00:00:00Z`);
const next = (s: string, f: Parameters<typeof nextDueDate>[1], due: number) => formatCalendarDate(nextDueDate(d(s), f, due));
const previous = (s: string, f: Parameters<typeof nextDueDate>[1], due: number) => formatCalendarDate(previousDueDate(d(s), f, due));

describe('due dates', () => {
  it('advance by one period, on the due day clamped to the month end', () => {
    expect(next('2026-01-31', 'weekly', 31)).toBe('2026-02-07');
    expect(next('2026-12-25', 'biweekly', 25)).toBe('2027-01-08');
    expect(next('2026-01-31', 'monthly', 31)).toBe('2026-02-28');
    expect(next('2028-01-31', 'monthly', 31)).toBe('2028-02-29');
    expect(next('2026-02-28', 'monthly', 31)).toBe('2026-03-31');
    expect(next('2026-03-31', 'monthly', 31)).toBe('2026-04-30');
    expect(next('2026-11-30', 'quarterly', 30)).toBe('2027-02-28');
    expect(next('2028-02-29', 'yearly', 29)).toBe('2029-02-28');
  });

  it('go back by one period, on the due day clamped to the month end', () => {
    expect(previous('2026-02-07', 'weekly', 31)).toBe('2026-01-31');
    expect(previous('2027-01-08', 'biweekly', 25)).toBe('2026-12-25');
    expect(previous('2026-03-31', 'monthly', 31)).toBe('2026-02-28');
    expect(previous('2028-03-31', 'monthly', 31)).toBe('2028-02-29');
    expect(previous('2026-02-28', 'monthly', 31)).toBe('2026-01-31');
    expect(previous('2026-02-28', 'monthly', 30)).toBe('2026-01-30');
    expect(previous('2026-05-31', 'monthly', 31)).toBe('2026-04-30');
    expect(previous('2026-01-15', 'monthly', 15)).toBe('2025-12-15');
    expect(previous('2027-02-28', 'quarterly', 30)).toBe('2026-11-30');
    expect(previous('2026-05-31', 'quarterly', 31)).toBe('2026-02-28');
    expect(previous('2029-02-28', 'yearly', 29)).toBe('2028-02-29');
    expect(previous('2028-02-29', 'yearly', 29)).toBe('2027-02-28');
  });

  it('undo each other for every frequency, on every due day, across a leap year', () => {
    for (const frequency of BILL_FREQUENCIES) {
      for (let dueDay = 1; dueDay <= 31; dueDay++) {
        // A due date on its due day (clamped): every date a bill reaches by payments.
        let due = d(`2027-01-${String(dueDay).padStart(2, '0')}`);
        for (let i = 0; i < 30; i++) {
          const after = nextDueDate(due, frequency, dueDay);
          expect(formatCalendarDate(previousDueDate(after, frequency, dueDay)), `${frequency} ${dueDay} ${formatCalendarDate(due)}`).toBe(
            formatCalendarDate(due),
          );
          due = after;
        }
      }
    }
  });
});

const h = useModuleHarness();
const ADD = `mutation($input: AddRecurringBillInput!) { addRecurringBill(input: $input) { recurringBill { id name nextDueDate isActive daysUntilDue isOverdue } } }`;
const PAY = `mutation($input: RecordBillPaymentInput!) { recordBillPayment(input: $input) {
  billPayment { amount paidDate } recurringBill { nextDueDate } transaction { description amount date category { name } } } }`;
const LISTS = `{ viewer { active: recurringBills(active: true) { totalCount edges { node { name } } } inactive: recurringBills(active: false) { totalCount }
  upcomingBills(first: 5) { totalCount edges { node { name daysUntilDue isOverdue } } } } }`;

describe('recurring bills', () => {
  it('validates with clear messages', async () => {
    const { rest } = await h.user();
    const base = {
      name: 'Rent',
      amount: '1200',
      frequency: 'monthly',
      dueDay: 1,
      nextDueDate: '2026-12-01',
      isActive: 1,
      categoryId: null,
      notes: null,
    };
    expect((await rest('POST', '/api/recurring-bills', base)).status).toBe(201);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
      [{ amount: '-1' }, 'amount', 'Amount must be a valid number'],
      [{ frequency: 'daily' }, 'frequency', 'Frequency must be one of: weekly, biweekly, monthly, quarterly, yearly'],
      [{ dueDay: 32 }, 'dueDay', 'Due day must be a whole number from 1 to 31'],
      [{ dueDay: 1.5 }, 'dueDay', 'Due day must be a whole number from 1 to 31'],
      [{ isActive: 2 }, 'isActive', 'isActive must be 0 or 1'],
      [{ categoryId: 'not-mine' }, 'categoryId', 'Category not found'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await rest('POST', '/api/recurring-bills', { ...base, ...patch });
      expect(res.body?.errors?.[0], JSON.stringify(patch)).toEqual({ path: [path], message });
    }
  });

  it("lists active, inactive and upcoming (30 days and overdue) in the user's time zone", async () => {
    const tz = 'Pacific/Auckland';
    const { gql } = await h.user(tz);
    const t = today(tz);
    const add = (name: string, days: number, isActive = true) =>
      gql(ADD, {
        input: { name, amount: '10', frequency: 'monthly', dueDay: 1, nextDueDate: formatCalendarDate(addCalendarDays(t, days)), isActive },
      });
    const overdue = await add('Overdue', -3);
    expect(overdue.data.addRecurringBill.recurringBill).toMatchObject({ daysUntilDue: -3, isOverdue: true, isActive: true });
    await add('Today', 0);
    await add('In 30', 30);
    await add('In 31', 31);
    await add('Paused', 2, false);
    const lists = (await gql(LISTS)).data.viewer;
    expect(lists.active.totalCount).toBe(4);
    expect(lists.inactive.totalCount).toBe(1);
    expect(lists.upcomingBills.totalCount).toBe(3);
    expect(lists.upcomingBills.edges.map((e: any) => [e.node.name, e.node.daysUntilDue, e.node.isOverdue])).toEqual([
      ['Overdue', -3, true],
      ['Today', 0, false],
      ['In 30', 30, false],
    ]);
  });

  it('a payment records the payment and an expense, and moves the due date, all at once', async () => {
    const { gql, rest } = await h.user();
    const cat = (await gql(`mutation { addBudgetCategory(input: { name: "Utilities", type: bills }) { budgetCategory { id } } }`)).data
      .addBudgetCategory.budgetCategory.id;
    const bill = (
      await gql(ADD, {
        input: { name: 'Power', amount: '80', frequency: 'monthly', dueDay: 31, nextDueDate: '2026-01-31', categoryId: cat },
      })
    ).data.addRecurringBill.recurringBill;
    const paid = await gql(PAY, { input: { recurringBillId: bill.id, amount: '79.99', paidDate: '2026-01-30' } });
    expect(paid.errors).toBeUndefined();
    expect(paid.data.recordBillPayment).toEqual({
      billPayment: { amount: '79.99', paidDate: '2026-01-30' },
      recurringBill: { nextDueDate: '2026-02-28' },
      transaction: { description: 'Power', amount: '79.99', date: '2026-01-30', category: { name: 'Utilities' } },
    });
    const again = await rest('POST', '/api/bill-payments', {
      recurringBillId: fromGlobal(bill.id),
      amount: '80',
      paidDate: '2026-02-27',
      notes: null,
    });
    expect(again.status).toBe(201);
    expect(again.body.recurringBill.nextDueDate).toBe('2026-03-31');
    expect((await rest('GET', '/api/bill-payments')).body).toHaveLength(2);
    expect((await rest('GET', '/api/transactions')).body.map((t: any) => t.description)).toEqual(['Power', 'Power']);
  });

  it('two payments at once advance the bill twice; a failed payment leaves everything as it was', async () => {
    const { viewer, rest } = await h.user();
    const bill = (
      await rest('POST', '/api/recurring-bills', { name: 'Gym', amount: '30', frequency: 'weekly', dueDay: 1, nextDueDate: '2026-01-05' })
    ).body;
    const pay = () => rest('POST', '/api/bill-payments', { recurringBillId: bill.id, amount: '30', paidDate: '2026-01-05' });
    expect((await Promise.all([pay(), pay()])).map((r) => r.status)).toEqual([201, 201]);
    expect((await rest('GET', '/api/recurring-bills')).body[0].nextDueDate).toBe('2026-01-19');
    // A payment whose amount overflows the transaction column fails inside the transaction.
    const before = await counts(viewer.id);
    const failed = await rest('POST', '/api/bill-payments', {
      recurringBillId: bill.id,
      amount: '1',
      paidDate: '2026-01-05',
      notes: 'x'.repeat(10_001),
    });
    expect(failed.status).toBe(400);
    await h.db.prisma.$executeRawUnsafe(`ALTER TABLE bill_payments ADD CONSTRAINT test_no_big CHECK (amount < 1000)`);
    try {
      const boom = await rest('POST', '/api/bill-payments', { recurringBillId: bill.id, amount: '5000', paidDate: '2026-01-05' });
      expect(boom.status).toBe(500);
    } finally {
      await h.db.prisma.$executeRawUnsafe(`ALTER TABLE bill_payments DROP CONSTRAINT test_no_big`);
    }
    expect(await counts(viewer.id)).toEqual(before);
    expect((await rest('GET', '/api/recurring-bills')).body[0].nextDueDate).toBe('2026-01-19');
  });

  it('refuses a payment of $0.00 as transfers do (REST and GraphQL): nothing written, the due date stays', async () => {
    const { viewer, gql, rest } = await h.user();
    const bill = (
      await rest('POST', '/api/recurring-bills', { name: 'Phone', amount: '0', frequency: 'monthly', dueDay: 5, nextDueDate: '2026-01-05' })
    ).body;
    const before = await counts(viewer.id);
    for (const amount of ['0', '0.00', '00.0', ' 0.0 ']) {
      const res = await rest('POST', '/api/bill-payments', { recurringBillId: bill.id, amount, paidDate: '2026-01-05' });
      expect(res.status, amount).toBe(400);
      expect(res.body, amount).toEqual({
        message: 'Amount must be greater than 0',
        errors: [{ path: ['amount'], message: 'Amount must be greater than 0' }],
      });
    }
    const paid = await gql(PAY, {
      input: { recurringBillId: encodeGlobalID('RecurringBill', bill.id), amount: '0.00', paidDate: '2026-01-05' },
    });
    expect(paid.errors?.[0]?.extensions?.issues).toEqual([{ path: ['amount'], message: 'Amount must be greater than 0' }]);
    // Not a number is still the spec's message, alone.
    const word = await rest('POST', '/api/bill-payments', { recurringBillId: bill.id, amount: 'abc', paidDate: '2026-01-05' });
    expect(word.body.errors).toEqual([{ path: ['amount'], message: 'Amount must be a valid number' }]);
    expect(await counts(viewer.id)).toEqual(before);
    expect((await rest('GET', '/api/recurring-bills')).body[0].nextDueDate).toBe('2026-01-05');
    expect((await rest('POST', '/api/bill-payments', { recurringBillId: bill.id, amount: '0.01', paidDate: '2026-01-05' })).status).toBe(
      201,
    );
  });

  it("keeps another user's bills out of reach", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const bill = (
      await alice.rest('POST', '/api/recurring-bills', {
        name: 'Mine',
        amount: '1',
        frequency: 'yearly',
        dueDay: 1,
        nextDueDate: '2027-01-01',
      })
    ).body;
    expect((await bob.rest('GET', '/api/recurring-bills')).body).toEqual([]);
    expect((await bob.rest('GET', '/api/recurring-bills/upcoming')).body).toEqual([]);
    expect((await bob.rest('DELETE', `/api/recurring-bills/${bill.id}`)).status).toBe(404);
    const pay = await bob.rest('POST', '/api/bill-payments', { recurringBillId: bill.id, amount: '1', paidDate: '2026-01-01' });
    expect(pay.body.errors).toEqual([{ path: ['recurringBillId'], message: 'Bill not found' }]);
    expect((await alice.rest('GET', '/api/recurring-bills')).body[0].nextDueDate).toBe('2027-01-01');
  });
});

async function counts(userId: string) {
  const [p, t] = await Promise.all([
    h.db.prisma.billPayment.count({ where: { userId } }),
    h.db.prisma.transaction.count({ where: { userId } }),
  ]);
  return { payments: p, transactions: t };
}

function fromGlobal(id: string) {
  return Buffer.from(id, 'base64').toString().split(':')[1]!;
}
