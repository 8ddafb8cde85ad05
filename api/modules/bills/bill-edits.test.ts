import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const BILL_FIELDS = 'id name amount frequency dueDay nextDueDate isActive notes category { name }';
const UPDATE = `mutation($input: UpdateRecurringBillInput!) { updateRecurringBill(input: $input) {
  recurringBill { ${BILL_FIELDS} } viewer { active: recurringBills(active: true) { totalCount } inactive: recurringBills(active: false) { totalCount } } } }`;
const DELETE_PAYMENT = `mutation($id: ID!) { deleteBillPayment(id: $id) { deletedId deletedTransactionId recurringBill { nextDueDate } viewer { id } } }`;
const PAYMENTS = `query($id: ID!) { node(id: $id) { ... on RecurringBill { payments(first: 10) { totalCount edges { node { id amount paidDate notes } } } } } }`;
const RENT = { name: 'Rent', amount: '1200', frequency: 'monthly', dueDay: 31, nextDueDate: '2026-01-31' };

type Rest = Awaited<ReturnType<typeof h.user>>['rest'];
const gid = (type: string, id: string) => encodeGlobalID(type, id);
const addBill = async (rest: Rest, fields: Record<string, unknown> = {}) =>
  (await rest('POST', '/api/recurring-bills', { ...RENT, ...fields })).body;
const getBill = async (rest: Rest, id: string) => (await rest('GET', '/api/recurring-bills')).body.find((b: { id: string }) => b.id === id);
const addCategory = async (rest: Rest, name: string) => (await rest('POST', '/api/budget-categories', { name, type: 'bills' })).body.id;
const pay = (rest: Rest, recurringBillId: string, paidDate: string, notes?: string) =>
  rest('POST', '/api/bill-payments', { recurringBillId, amount: '10.00', paidDate, notes });

describe('editing a bill', () => {
  it('GraphQL: changes any field, clears the optional ones, and pauses and resumes', async () => {
    const { gql, rest } = await h.user();
    const bill = await addBill(rest, { notes: 'old' });
    const utilities = await addCategory(rest, 'Utilities');
    const id = gid('RecurringBill', bill.id);
    const changed = await gql(UPDATE, {
      input: {
        id,
        name: ' Flat ',
        amount: '1250.50',
        frequency: 'quarterly',
        dueDay: 30,
        nextDueDate: '2026-04-30',
        categoryId: gid('BudgetCategory', utilities),
        notes: 'new',
      },
    });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateRecurringBill.recurringBill).toEqual({
      id,
      name: 'Flat',
      amount: '1250.50',
      frequency: 'quarterly',
      dueDay: 30,
      nextDueDate: '2026-04-30',
      isActive: true,
      notes: 'new',
      category: { name: 'Utilities' },
    });
    // Only the fields given change; null clears an optional one.
    const cleared = await gql(UPDATE, { input: { id, categoryId: null, notes: null } });
    expect(cleared.data.updateRecurringBill.recurringBill).toMatchObject({ name: 'Flat', amount: '1250.50', notes: null, category: null });
    const paused = await gql(UPDATE, { input: { id, isActive: false } });
    expect(paused.data.updateRecurringBill).toMatchObject({
      recurringBill: { isActive: false, name: 'Flat' },
      viewer: { active: { totalCount: 0 }, inactive: { totalCount: 1 } },
    });
    const resumed = await gql(UPDATE, { input: { id, isActive: true } });
    expect(resumed.data.updateRecurringBill.viewer).toEqual({ active: { totalCount: 1 }, inactive: { totalCount: 0 } });
    // The create messages, in extensions.issues; nothing written.
    const bad = await gql(UPDATE, { input: { id, name: '', dueDay: 32 } });
    expect(bad.errors?.[0]?.extensions?.issues).toEqual([
      { path: ['name'], message: 'Name is required' },
      { path: ['dueDay'], message: 'Due day must be a whole number from 1 to 31' },
    ]);
    const stranger = await gql(UPDATE, { input: { id, categoryId: gid('BudgetCategory', 'not-mine') } });
    expect(stranger.errors?.[0]?.extensions?.issues).toEqual([{ path: ['categoryId'], message: 'Category not found' }]);
    expect(await getBill(rest, bill.id)).toMatchObject({ name: 'Flat', dueDay: 30, categoryId: null, isActive: 1 });
  });

  it('REST PATCH: any subset answers the whole bill as the list does; {} is a no-op; blank clears', async () => {
    const { rest } = await h.user();
    const cat = await addCategory(rest, 'Housing');
    const bill = await addBill(rest, { categoryId: cat, notes: 'keys' });
    const paused = await rest('PATCH', `/api/recurring-bills/${bill.id}`, { isActive: 0 });
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual(await getBill(rest, bill.id));
    expect(paused.body).toEqual({ ...bill, isActive: 0, updatedAt: expect.any(String) });
    const same = await rest('PATCH', `/api/recurring-bills/${bill.id}`, {});
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Rent', isActive: 0, categoryId: cat, notes: 'keys' });
    const cleared = await rest('PATCH', `/api/recurring-bills/${bill.id}`, { categoryId: '', notes: '  ', amount: '99.5' });
    expect(cleared.body).toMatchObject({ categoryId: null, notes: null, amount: '99.50', name: 'Rent', nextDueDate: '2026-01-31' });
  });

  it('REST PATCH: the create messages, and unknown or read-only fields refused by name, writing nothing', async () => {
    const { rest } = await h.user();
    const bill = await addBill(rest);
    const before = await getBill(rest, bill.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: null }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
      [{ amount: '-1' }, 'amount', 'Amount must be a valid number'],
      [{ amount: null }, 'amount', 'Amount must be a valid number'],
      [{ frequency: 'daily' }, 'frequency', 'Frequency must be one of: weekly, biweekly, monthly, quarterly, yearly'],
      [{ dueDay: 0 }, 'dueDay', 'Due day must be a whole number from 1 to 31'],
      [{ dueDay: 1.5 }, 'dueDay', 'Due day must be a whole number from 1 to 31'],
      [{ nextDueDate: '2026-02-30' }, 'nextDueDate', 'Date must be a valid date (YYYY-MM-DD)'],
      [{ nextDueDate: '' }, 'nextDueDate', 'Date must be a valid date (YYYY-MM-DD)'],
      [{ isActive: 2 }, 'isActive', 'isActive must be 0 or 1'],
      [{ notes: 'x'.repeat(10_001) }, 'notes', 'Notes must be at most 10000 characters'],
      [{ categoryId: 'not-mine', name: 'Changed' }, 'categoryId', 'Category not found'],
    ];
    for (const [body, path, message] of cases) {
      const res = await rest('PATCH', `/api/recurring-bills/${bill.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ message, errors: [{ path: [path], message }] });
    }
    for (const field of ['id', 'userId', 'createdAt', 'updatedAt', 'daysUntilDue', 'color']) {
      const res = await rest('PATCH', `/api/recurring-bills/${bill.id}`, { name: 'Changed', [field]: 'x' });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toContain(`"${field}"`);
    }
    expect(await getBill(rest, bill.id)).toEqual(before);
  });

  it("another user's bill answers exactly as a missing one, and stays as it was", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const bill = await addBill(alice.rest);
    const before = await getBill(alice.rest, bill.id);
    const theirs = await bob.rest('PATCH', `/api/recurring-bills/${bill.id}`, { name: 'Bob' });
    const missing = await bob.rest('PATCH', '/api/recurring-bills/no-such-bill', { name: 'Bob' });
    expect([theirs.status, theirs.body]).toEqual([404, { message: 'Not found' }]);
    expect([missing.status, missing.body]).toEqual([404, { message: 'Not found' }]);
    const viaGraphQL = await bob.gql(UPDATE, { input: { id: gid('RecurringBill', bill.id), isActive: false } });
    expect(viaGraphQL.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const viaGraphQLMissing = await bob.gql(UPDATE, { input: { id: gid('RecurringBill', 'no-such-bill'), isActive: false } });
    expect(viaGraphQLMissing.errors).toEqual(viaGraphQL.errors);
    expect(await getBill(alice.rest, bill.id)).toEqual(before);
    const payment = (await pay(alice.rest, bill.id, '2026-01-30')).body;
    const paid = await getBill(alice.rest, bill.id);
    expect((await bob.rest('DELETE', `/api/bill-payments/${payment.id}`)).body).toEqual({ message: 'Not found' });
    expect((await bob.gql(DELETE_PAYMENT, { id: gid('BillPayment', payment.id) })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await getBill(alice.rest, bill.id)).toEqual(paid);
    expect((await alice.rest('GET', '/api/bill-payments')).body).toHaveLength(1);
    expect((await alice.rest('GET', '/api/transactions')).body).toHaveLength(1);
  });
});

describe('payment history', () => {
  it("lists a bill's payments newest first, in GraphQL and REST", async () => {
    const { gql, rest } = await h.user();
    const bill = await addBill(rest);
    const other = await addBill(rest, { name: 'Gym' });
    await pay(rest, bill.id, '2026-01-30', 'first');
    await pay(rest, other.id, '2026-02-01');
    await pay(rest, bill.id, '2026-02-27', 'second');
    await pay(rest, bill.id, '2026-02-27', 'third, same day');
    const listed = (await gql(PAYMENTS, { id: gid('RecurringBill', bill.id) })).data.node.payments;
    expect(listed.totalCount).toBe(3);
    expect(listed.edges.map((e: any) => [e.node.paidDate, e.node.amount, e.node.notes])).toEqual([
      ['2026-02-27', '10.00', 'third, same day'],
      ['2026-02-27', '10.00', 'second'],
      ['2026-01-30', '10.00', 'first'],
    ]);
    const viaRest = (await rest('GET', `/api/bill-payments?recurringBillId=${bill.id}`)).body;
    expect(viaRest.map((p: any) => p.notes)).toEqual(['third, same day', 'second', 'first']);
    expect((await rest('GET', '/api/bill-payments')).body).toHaveLength(4);
  });
});

describe('deleting a payment', () => {
  it('deletes its expense and, for the latest payment, moves the due date back one period', async () => {
    const { gql, rest } = await h.user();
    const bill = await addBill(rest);
    const first = (await pay(rest, bill.id, '2026-01-30')).body;
    const latest = (await pay(rest, bill.id, '2026-02-27')).body;
    expect(latest.recurringBill.nextDueDate).toBe('2026-03-31');
    // Not the latest: the due date stays.
    const older = await gql(DELETE_PAYMENT, { id: gid('BillPayment', first.id) });
    expect(older.data.deleteBillPayment).toMatchObject({
      deletedId: gid('BillPayment', first.id),
      deletedTransactionId: gid('Transaction', first.transaction.id),
      recurringBill: { nextDueDate: '2026-03-31' },
    });
    const deleted = await gql(DELETE_PAYMENT, { id: gid('BillPayment', latest.id) });
    expect(deleted.data.deleteBillPayment).toMatchObject({
      deletedId: gid('BillPayment', latest.id),
      deletedTransactionId: gid('Transaction', latest.transaction.id),
      recurringBill: { nextDueDate: '2026-02-28' },
    });
    expect((await rest('GET', '/api/transactions')).body).toEqual([]);
    expect((await rest('GET', '/api/bill-payments')).body).toEqual([]);
    expect((await gql(DELETE_PAYMENT, { id: gid('BillPayment', latest.id) })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('REST: 204; the latest is by paid date, then creation; an expense already deleted is left alone', async () => {
    const { gql, rest } = await h.user();
    const bill = await addBill(rest, { frequency: 'weekly', dueDay: 1, nextDueDate: '2026-01-05' });
    const sameDayFirst = (await pay(rest, bill.id, '2026-01-05')).body;
    const sameDayLast = (await pay(rest, bill.id, '2026-01-05')).body;
    const backdated = (await pay(rest, bill.id, '2026-01-01')).body;
    expect(backdated.recurringBill.nextDueDate).toBe('2026-01-26');
    expect((await rest('DELETE', `/api/bill-payments/${backdated.id}`)).status).toBe(204);
    expect((await getBill(rest, bill.id)).nextDueDate).toBe('2026-01-26');
    expect((await rest('DELETE', `/api/bill-payments/${sameDayFirst.id}`)).status).toBe(204);
    expect((await getBill(rest, bill.id)).nextDueDate).toBe('2026-01-26');
    expect((await rest('DELETE', `/api/transactions/${sameDayLast.transaction.id}`)).status).toBe(204);
    const res = await gql(DELETE_PAYMENT, { id: gid('BillPayment', sameDayLast.id) });
    expect(res.data.deleteBillPayment).toMatchObject({ deletedTransactionId: null, recurringBill: { nextDueDate: '2026-01-19' } });
    expect((await rest('DELETE', `/api/bill-payments/${sameDayLast.id}`)).body).toEqual({ message: 'Not found' });
  });
});

describe('edits at the same time', () => {
  it('concurrent edits of different fields of one bill are all applied', async () => {
    const { rest } = await h.user();
    const bill = await addBill(rest);
    const cat = await addCategory(rest, 'Home');
    const edits: Record<string, unknown>[] = [
      { name: 'Flat' },
      { amount: '1300.00' },
      { frequency: 'yearly' },
      { dueDay: 15 },
      { nextDueDate: '2027-03-15' },
      { categoryId: cat },
      { notes: 'landlord' },
      { isActive: 0 },
    ];
    const results = await Promise.all([...edits, ...edits].map((body) => rest('PATCH', `/api/recurring-bills/${bill.id}`, body)));
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(await getBill(rest, bill.id)).toMatchObject(Object.assign({}, ...edits));
  });

  it("an edit racing payments keeps the edit's fields and every payment's due-date advance", async () => {
    const { rest } = await h.user();
    const bill = await addBill(rest, { frequency: 'weekly', dueDay: 1, nextDueDate: '2026-01-05' });
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => pay(rest, bill.id, '2026-01-05')),
      rest('PATCH', `/api/recurring-bills/${bill.id}`, { name: 'Gym', amount: '35' }),
      rest('PATCH', `/api/recurring-bills/${bill.id}`, { notes: 'card' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 200, 200]);
    expect(await getBill(rest, bill.id)).toMatchObject({ name: 'Gym', amount: '35.00', notes: 'card', nextDueDate: '2026-02-09' });
  });

  it('an edit racing a delete answers 200 or 404, never 500', async () => {
    const { rest } = await h.user();
    for (let i = 0; i < 5; i++) {
      const bill = await addBill(rest);
      const [edit, removal, late] = await Promise.all([
        rest('PATCH', `/api/recurring-bills/${bill.id}`, { name: 'Racing' }),
        rest('DELETE', `/api/recurring-bills/${bill.id}`),
        rest('PATCH', `/api/recurring-bills/${bill.id}`, { isActive: 0 }),
      ]);
      expect(removal.status).toBe(204);
      for (const res of [edit, late]) {
        expect([200, 404]).toContain(res.status);
        if (res.status === 404) expect(res.body).toEqual({ message: 'Not found' });
      }
    }
    expect((await rest('GET', '/api/recurring-bills')).body).toEqual([]);
  });

  it('deletes of a payment racing each other, or its expense, never fail: the due date moves back once', async () => {
    const { rest } = await h.user();
    const bill = await addBill(rest, { frequency: 'weekly', dueDay: 1, nextDueDate: '2026-01-05' });
    const latest = (await pay(rest, bill.id, '2026-01-05')).body;
    const results = await Promise.all([
      rest('DELETE', `/api/bill-payments/${latest.id}`),
      rest('DELETE', `/api/bill-payments/${latest.id}`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 404]);
    expect((await getBill(rest, bill.id)).nextDueDate).toBe('2026-01-05');
    // Deleting the payment and, in another tab, its expense: both succeed whichever runs first.
    for (let i = 0; i < 5; i++) {
      const payment = (await pay(rest, bill.id, '2026-01-05')).body;
      const [removal, expense] = await Promise.all([
        rest('DELETE', `/api/bill-payments/${payment.id}`),
        rest('DELETE', `/api/transactions/${payment.transaction.id}`),
      ]);
      expect(removal.status).toBe(204);
      expect([204, 404]).toContain(expense.status);
    }
    expect((await getBill(rest, bill.id)).nextDueDate).toBe('2026-01-05');
    expect((await rest('GET', '/api/transactions')).body).toEqual([]);
  });
});
