import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const ADD = `mutation($input: AddPaycheckInput!) { addPaycheck(input: $input) { paycheck { id amount date notes } viewer { budgetSummary { totalIncome } } } }`;
const LIST = `{ viewer { paychecks(first: 50) { totalCount edges { node { amount date notes } } } } }`;

describe('paychecks', () => {
  it('adds, lists newest first, sums exactly and deletes', async () => {
    const { gql } = await h.user();
    const a = await gql(ADD, { input: { amount: '0.10', date: '2026-01-15' } });
    expect(a.data.addPaycheck.paycheck).toMatchObject({ amount: '0.10', date: '2026-01-15', notes: null });
    const b = await gql(ADD, { input: { amount: '0.20', date: '2026-02-01', notes: 'Bonus' } });
    expect(b.data.addPaycheck.viewer.budgetSummary.totalIncome).toBe('0.30');
    const list = await gql(LIST);
    expect(list.data.viewer.paychecks.edges.map((e: any) => e.node.date)).toEqual(['2026-02-01', '2026-01-15']);
    const del = await gql(`mutation($id: ID!) { deletePaycheck(id: $id) { deletedId viewer { paychecks { totalCount } } } }`, {
      id: a.data.addPaycheck.paycheck.id,
    });
    expect(del.data.deletePaycheck).toEqual({ deletedId: a.data.addPaycheck.paycheck.id, viewer: { paychecks: { totalCount: 1 } } });
  });

  it('rejects invalid amounts and dates with the spec messages', async () => {
    const { gql, rest } = await h.user();
    for (const amount of ['', 'abc', '-5', '1e5', '12.345', '12345678901', ' ', '١٢']) {
      const res = await gql(ADD, { input: { amount, date: '2026-01-01' } });
      expect(res.errors?.[0]?.extensions?.issues?.[0], amount).toEqual({ path: ['amount'], message: 'Amount must be a valid number' });
    }
    for (const date of ['2026-02-30', 'yesterday', '']) {
      const res = await rest('POST', '/api/paychecks', { amount: '10', date });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toEqual(['date']);
    }
    expect((await rest('POST', '/api/paychecks', { amount: '10', date: '2026-01-01', id: 'x' })).status).toBe(400);
    expect((await rest('GET', '/api/paychecks')).body).toEqual([]);
  });

  it('sums 10,000 odd-cent paychecks exactly', async () => {
    const { viewer, gql } = await h.user();
    let expected = new Decimal(0);
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const amount = `${(i * 7919) % 1000}.${String((i * 31) % 100).padStart(2, '0')}`;
      expected = expected.plus(amount);
      return { userId: viewer.id, amount, date: new Date(Date.UTC(2025, i % 12, 1 + (i % 28))) };
    });
    await h.db.prisma.paycheck.createMany({ data: rows });
    const res = await gql(`{ viewer { budgetSummary { totalIncome } } }`);
    expect(res.data.viewer.budgetSummary.totalIncome).toBe(expected.toFixed(2));
  });

  it('serves the REST calls and keeps users apart', async () => {
    const alice = await h.user();
    const bob = await h.user();
    const created = await alice.rest('POST', '/api/paychecks', { amount: '1500', date: '2026-03-01', notes: null });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ amount: '1500.00', date: '2026-03-01', notes: null });
    expect((await bob.rest('GET', '/api/paychecks')).body).toEqual([]);
    expect((await bob.rest('DELETE', `/api/paychecks/${created.body.id}`)).status).toBe(404);
    // Through GraphQL, Alice's paycheck is to Bob exactly an id that does not exist: no node, not
    // in his list or income, and no deleting it.
    const ids = [created.body.id, '0190c0de-0000-7000-8000-000000000000'].map((id) => encodeGlobalID('Paycheck', id));
    const seen = await bob.gql(
      `query($theirs: ID!, $missing: ID!) {
        theirs: node(id: $theirs) { id }
        missing: node(id: $missing) { id }
        viewer { paychecks(first: 50) { totalCount edges { node { id } } } budgetSummary { totalIncome } }
      }`,
      { theirs: ids[0], missing: ids[1] },
    );
    expect(seen).toMatchObject({
      status: 200,
      data: { theirs: null, missing: null, viewer: { paychecks: { totalCount: 0, edges: [] }, budgetSummary: { totalIncome: '0.00' } } },
    });
    expect(seen.errors).toBeUndefined();
    for (const id of ids) {
      const res = await bob.gql(`mutation($id: ID!) { deletePaycheck(id: $id) { deletedId } }`, { id });
      expect(res.errors?.map((e: any) => [e.extensions?.code, e.message])).toEqual([['NOT_FOUND', 'Paycheck not found']]);
    }
    expect((await alice.gql(LIST)).data.viewer.paychecks).toEqual({
      totalCount: 1,
      edges: [{ node: { amount: '1500.00', date: '2026-03-01', notes: null } }],
    });
    expect((await alice.rest('DELETE', `/api/paychecks/${created.body.id}`)).status).toBe(204);
  });
});

const UPDATE = `mutation($input: UpdatePaycheckInput!) { updatePaycheck(input: $input) { paycheck { id amount date notes } viewer { budgetSummary { totalIncome } } } }`;

describe('editing a paycheck', () => {
  it('changes only the fields given, through GraphQL and REST', async () => {
    const { gql, rest } = await h.user();
    const { id } = (await gql(ADD, { input: { amount: '100.00', date: '2026-01-15', notes: 'Jan' } })).data.addPaycheck.paycheck;
    const edited = await gql(UPDATE, { input: { id, amount: '120.50' } });
    expect(edited.data.updatePaycheck).toEqual({
      paycheck: { id, amount: '120.50', date: '2026-01-15', notes: 'Jan' },
      viewer: { budgetSummary: { totalIncome: '120.50' } },
    });
    expect((await gql(UPDATE, { input: { id, notes: null } })).data.updatePaycheck.paycheck.notes).toBeNull();

    const [row] = (await rest('GET', '/api/paychecks')).body;
    const patched = await rest('PATCH', `/api/paychecks/${row.id}`, { date: '2026-02-01', notes: 'Feb' });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...row, date: '2026-02-01', notes: 'Feb' });
    expect((await rest('PATCH', `/api/paychecks/${row.id}`, { notes: '  ' })).body.notes).toBeNull();
    // An empty edit changes nothing and answers the paycheck.
    const same = await rest('PATCH', `/api/paychecks/${row.id}`, {});
    expect(same).toMatchObject({ status: 200, body: { ...row, date: '2026-02-01', notes: null } });
  });

  it('refuses bad values, and unknown or read-only fields, writing nothing', async () => {
    const { gql, rest } = await h.user();
    const created = (await rest('POST', '/api/paychecks', { amount: '10', date: '2026-01-01', notes: 'n' })).body;
    const patch = (body: unknown) => rest('PATCH', `/api/paychecks/${created.id}`, body);
    expect((await patch({ amount: '1.234' })).body).toEqual({
      message: 'Amount must be a valid number',
      errors: [{ path: ['amount'], message: 'Amount must be a valid number' }],
    });
    expect((await patch({ amount: null })).body.errors).toEqual([{ path: ['amount'], message: 'Amount must be a valid number' }]);
    // A paycheck of nothing is no income: refused, on adding and on editing.
    expect((await patch({ amount: '0.00' })).body.errors).toEqual([{ path: ['amount'], message: 'Amount must be greater than 0' }]);
    expect((await rest('POST', '/api/paychecks', { amount: '0', date: '2026-01-01' })).body.errors).toEqual([
      { path: ['amount'], message: 'Amount must be greater than 0' },
    ]);
    const zero = await gql(`mutation { addPaycheck(input: { amount: "0.0", date: "2026-01-01" }) { paycheck { id } } }`);
    expect(zero.errors?.[0]?.extensions?.issues).toEqual([{ path: ['amount'], message: 'Amount must be greater than 0' }]);
    expect((await patch({ date: '' })).body.errors).toEqual([{ path: ['date'], message: 'Date must be a valid date (YYYY-MM-DD)' }]);
    expect((await patch({ notes: 'x'.repeat(10_001) })).status).toBe(400);
    for (const field of ['id', 'userId', 'createdAt', 'source']) {
      const res = await patch({ notes: 'changed', [field]: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`"${field}"`);
    }
    const bad = await gql(UPDATE, { input: { id: encodeGlobalID('Paycheck', created.id), amount: 'abc' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [{ path: ['amount'], message: 'Amount must be a valid number' }],
    });
    expect((await rest('GET', '/api/paychecks')).body).toEqual([created]);
  });

  it("answers another user's paycheck exactly as a missing one, and leaves it alone", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const created = (await alice.rest('POST', '/api/paychecks', { amount: '10', date: '2026-01-01' })).body;
    for (const id of [created.id, '0190c0de-0000-7000-8000-000000000000']) {
      expect(await bob.rest('PATCH', `/api/paychecks/${id}`, { amount: '1' })).toMatchObject({
        status: 404,
        body: { message: 'Not found' },
      });
      const res = await bob.gql(UPDATE, { input: { id: encodeGlobalID('Paycheck', id), amount: '1' } });
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(res.errors?.[0]?.message).toBe('Paycheck not found');
    }
    expect((await alice.rest('GET', '/api/paychecks')).body).toEqual([created]);
  });

  it('applies concurrent edits of different fields, and an edit racing a delete answers 200 or 404', async () => {
    const { rest } = await h.user();
    const created = (await rest('POST', '/api/paychecks', { amount: '10', date: '2026-01-01', notes: 'start' })).body;
    const edits = Array.from(
      { length: 20 },
      (_, i) => [{ amount: `${i + 1}.00` }, { date: `2026-03-${String(i + 1).padStart(2, '0')}` }, { notes: `note ${i}` }][i % 3]!,
    );
    const answers = await Promise.all(edits.map((body) => rest('PATCH', `/api/paychecks/${created.id}`, body)));
    expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
    const [after] = (await rest('GET', '/api/paychecks')).body;
    expect(edits.filter((e) => 'amount' in e).map((e) => e.amount)).toContain(after.amount);
    expect(edits.filter((e) => 'date' in e).map((e) => e.date)).toContain(after.date);
    expect(edits.filter((e) => 'notes' in e).map((e) => e.notes)).toContain(after.notes);

    for (let i = 0; i < 5; i++) {
      const { id } = (await rest('POST', '/api/paychecks', { amount: '1', date: '2026-01-01' })).body;
      const [edit, removal] = await Promise.all([
        rest('PATCH', `/api/paychecks/${id}`, { amount: '2' }),
        rest('DELETE', `/api/paychecks/${id}`),
      ]);
      expect([200, 404]).toContain(edit.status);
      expect(removal.status).toBe(204);
    }
  });
});
