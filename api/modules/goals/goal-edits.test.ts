import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const GOAL_FIELDS = 'id name targetAmount currentAmount remainingAmount progressPercent targetDate category isCompleted notes';
const UPDATE = `mutation($input: UpdateSavingsGoalInput!) { updateSavingsGoal(input: $input) {
  savingsGoal { ${GOAL_FIELDS} } viewer { completed: savingsGoals(completed: true) { totalCount } } } }`;
const DELETE_CONTRIBUTION = `mutation($id: ID!) { deleteGoalContribution(id: $id) {
  deletedId goal { currentAmount isCompleted progressPercent } viewer { completed: savingsGoals(completed: true) { totalCount } } } }`;
const CONTRIBUTIONS = `query($id: ID!) { node(id: $id) { ... on SavingsGoal { contributions(first: 10) { totalCount edges { node { id amount contributionDate notes } } } } } }`;

type Rest = Awaited<ReturnType<typeof h.user>>['rest'];
const gid = (type: string, id: string) => encodeGlobalID(type, id);
const addGoal = async (rest: Rest, fields: Record<string, unknown> = {}) =>
  (await rest('POST', '/api/savings-goals', { name: 'Trip', targetAmount: '100', ...fields })).body;
const getGoal = async (rest: Rest, id: string) => (await rest('GET', '/api/savings-goals')).body.find((g: { id: string }) => g.id === id);
const contribute = (rest: Rest, goalId: string, amount: string, contributionDate = '2026-01-01', notes?: string) =>
  rest('POST', '/api/goal-contributions', { goalId, amount, contributionDate, notes });

describe('editing a goal', () => {
  it('GraphQL: changes and clears fields; a new target completes or reopens the goal', async () => {
    const { gql, rest } = await h.user();
    const goal = await addGoal(rest, { currentAmount: '60', targetDate: '2027-01-01', category: 'vacation', notes: 'beach' });
    const id = gid('SavingsGoal', goal.id);
    const changed = await gql(UPDATE, { input: { id, name: ' Japan ', targetAmount: '60.00', category: 'purchase', notes: 'flights' } });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateSavingsGoal).toEqual({
      savingsGoal: {
        id,
        name: 'Japan',
        targetAmount: '60.00',
        currentAmount: '60.00',
        remainingAmount: '0.00',
        progressPercent: '100.0',
        targetDate: '2027-01-01',
        category: 'purchase',
        isCompleted: true,
        notes: 'flights',
      },
      viewer: { completed: { totalCount: 1 } },
    });
    const reopened = await gql(UPDATE, { input: { id, targetAmount: '60.01', targetDate: null, category: null, notes: null } });
    expect(reopened.data.updateSavingsGoal).toMatchObject({
      savingsGoal: { name: 'Japan', isCompleted: false, progressPercent: '100.0', targetDate: null, category: null, notes: null },
      viewer: { completed: { totalCount: 0 } },
    });
    const bad = await gql(UPDATE, { input: { id, name: '', targetAmount: '1.234' } });
    expect(bad.errors?.[0]?.extensions?.issues).toEqual([
      { path: ['name'], message: 'Name is required' },
      { path: ['targetAmount'], message: 'Amount must be a valid number' },
    ]);
    expect(await getGoal(rest, goal.id)).toMatchObject({ name: 'Japan', targetAmount: '60.01', isCompleted: 0 });
  });

  it('REST PATCH: any subset answers the whole goal as the list does; {} is a no-op; blank clears', async () => {
    const { rest } = await h.user();
    const goal = await addGoal(rest, { currentAmount: '25', targetDate: '2027-01-01', category: 'emergency', notes: 'n' });
    const res = await rest('PATCH', `/api/savings-goals/${goal.id}`, { targetAmount: '25' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await getGoal(rest, goal.id));
    expect(res.body).toEqual({
      ...goal,
      targetAmount: '25.00',
      isCompleted: 1,
      progressPercent: '100.0',
      remainingAmount: '0.00',
      updatedAt: expect.any(String),
    });
    expect((await rest('PATCH', `/api/savings-goals/${goal.id}`, {})).body).toMatchObject({ targetAmount: '25.00', notes: 'n' });
    const cleared = await rest('PATCH', `/api/savings-goals/${goal.id}`, { targetDate: '', category: '', notes: ' ', targetAmount: '50' });
    expect(cleared.body).toMatchObject({
      name: 'Trip',
      targetDate: null,
      category: null,
      notes: null,
      isCompleted: 0,
      progressPercent: '50.0',
      remainingAmount: '25.00',
    });
  });

  it('REST PATCH: the create messages, and read-only or unknown fields refused by name, writing nothing', async () => {
    const { rest } = await h.user();
    const goal = await addGoal(rest);
    const before = await getGoal(rest, goal.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'Name is required'],
      [{ name: null }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
      [{ targetAmount: 'lots' }, 'targetAmount', 'Amount must be a valid number'],
      [{ targetAmount: null }, 'targetAmount', 'Amount must be a valid number'],
      [{ targetDate: '2026-13-01' }, 'targetDate', 'Date must be a valid date (YYYY-MM-DD)'],
      [{ category: 'yacht' }, 'category', 'Category must be one of: emergency, vacation, purchase, investment, other'],
      [{ notes: 'x'.repeat(10_001) }, 'notes', 'Notes must be at most 10000 characters'],
    ];
    for (const [body, path, message] of cases) {
      const res = await rest('PATCH', `/api/savings-goals/${goal.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ message, errors: [{ path: [path], message }] });
    }
    for (const field of ['id', 'userId', 'createdAt', 'currentAmount', 'isCompleted', 'progressPercent', 'colour']) {
      const res = await rest('PATCH', `/api/savings-goals/${goal.id}`, { name: 'Changed', [field]: field === 'isCompleted' ? 1 : '5' });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toContain(`"${field}"`);
    }
    expect(await getGoal(rest, goal.id)).toEqual(before);
  });

  it("another user's goal or contribution answers exactly as a missing one, and stays as it was", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const goal = await addGoal(alice.rest);
    const contribution = (await contribute(alice.rest, goal.id, '10')).body;
    const before = await getGoal(alice.rest, goal.id);
    for (const path of [`/api/savings-goals/${goal.id}`, '/api/savings-goals/no-such-goal']) {
      const res = await bob.rest('PATCH', path, { targetAmount: '1' });
      expect([res.status, res.body]).toEqual([404, { message: 'Not found' }]);
    }
    for (const path of [`/api/goal-contributions/${contribution.id}`, '/api/goal-contributions/no-such-contribution']) {
      const res = await bob.rest('DELETE', path);
      expect([res.status, res.body]).toEqual([404, { message: 'Not found' }]);
    }
    const theirs = await bob.gql(UPDATE, { input: { id: gid('SavingsGoal', goal.id), targetAmount: '1' } });
    const missing = await bob.gql(UPDATE, { input: { id: gid('SavingsGoal', 'no-such-goal'), targetAmount: '1' } });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(missing.errors).toEqual(theirs.errors);
    const deleted = await bob.gql(DELETE_CONTRIBUTION, { id: gid('GoalContribution', contribution.id) });
    expect(deleted.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await getGoal(alice.rest, goal.id)).toEqual(before);
    expect((await alice.rest('GET', '/api/goal-contributions')).body).toHaveLength(1);
  });
});

describe('contribution history', () => {
  it("lists a goal's contributions newest first, in GraphQL and REST", async () => {
    const { gql, rest } = await h.user();
    const goal = await addGoal(rest);
    const other = await addGoal(rest, { name: 'Car' });
    await contribute(rest, goal.id, '1', '2026-01-01', 'first');
    await contribute(rest, other.id, '2', '2026-01-02');
    await contribute(rest, goal.id, '3', '2026-01-03', 'second');
    await contribute(rest, goal.id, '4', '2026-01-03', 'third, same day');
    const listed = (await gql(CONTRIBUTIONS, { id: gid('SavingsGoal', goal.id) })).data.node.contributions;
    expect(listed.totalCount).toBe(3);
    expect(listed.edges.map((e: any) => [e.node.contributionDate, e.node.amount, e.node.notes])).toEqual([
      ['2026-01-03', '4.00', 'third, same day'],
      ['2026-01-03', '3.00', 'second'],
      ['2026-01-01', '1.00', 'first'],
    ]);
    const viaRest = (await rest('GET', `/api/goal-contributions?goalId=${goal.id}`)).body;
    expect(viaRest.map((c: any) => c.notes)).toEqual(['third, same day', 'second', 'first']);
  });
});

describe('deleting a contribution', () => {
  it('takes its amount off the goal, which is no longer completed below its target', async () => {
    const { gql, rest } = await h.user();
    const goal = await addGoal(rest, { currentAmount: '40' });
    const small = (await contribute(rest, goal.id, '10.25')).body;
    const big = (await contribute(rest, goal.id, '50')).body;
    expect(big.goal).toMatchObject({ currentAmount: '100.25', isCompleted: 1 });
    const res = await gql(DELETE_CONTRIBUTION, { id: gid('GoalContribution', big.id) });
    expect(res.data.deleteGoalContribution).toEqual({
      deletedId: gid('GoalContribution', big.id),
      goal: { currentAmount: '50.25', isCompleted: false, progressPercent: '50.3' },
      viewer: { completed: { totalCount: 0 } },
    });
    expect((await rest('DELETE', `/api/goal-contributions/${small.id}`)).status).toBe(204);
    expect(await getGoal(rest, goal.id)).toMatchObject({ currentAmount: '40.00', isCompleted: 0 });
    expect((await rest('DELETE', `/api/goal-contributions/${small.id}`)).body).toEqual({ message: 'Not found' });
    expect((await rest('GET', '/api/goal-contributions')).body).toEqual([]);
  });
});

describe('edits at the same time', () => {
  it('concurrent edits of different fields of one goal are all applied', async () => {
    const { rest } = await h.user();
    const goal = await addGoal(rest);
    const edits = [
      { name: 'House' },
      { targetAmount: '250000' },
      { targetDate: '2030-01-01' },
      { category: 'investment' },
      { notes: 'deposit' },
    ];
    const results = await Promise.all(
      [...edits, ...edits, ...edits, ...edits].map((body) => rest('PATCH', `/api/savings-goals/${goal.id}`, body)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await getGoal(rest, goal.id)).toMatchObject({ ...Object.assign({}, ...edits), targetAmount: '250000.00' });
  });

  it('deleting contributions racing new ones and target edits keeps the current amount exact and completion right', async () => {
    const { rest } = await h.user();
    const goal = await addGoal(rest, { targetAmount: '1000' });
    const old = await Promise.all(Array.from({ length: 10 }, (_, i) => contribute(rest, goal.id, `${i + 1}.01`)));
    const results = await Promise.all([
      ...old.map((c) => rest('DELETE', `/api/goal-contributions/${c.body.id}`)),
      ...Array.from({ length: 10 }, (_, i) => contribute(rest, goal.id, `${i + 1}.10`)),
      rest('PATCH', `/api/savings-goals/${goal.id}`, { targetAmount: '56.00' }),
      rest('PATCH', `/api/savings-goals/${goal.id}`, { name: 'Fund' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(10).fill(204), ...Array(10).fill(201), 200, 200]);
    const kept = (await rest('GET', '/api/goal-contributions')).body.reduce((s: Decimal, c: any) => s.plus(c.amount), new Decimal(0));
    expect(kept.toFixed(2)).toBe('56.00');
    expect(await getGoal(rest, goal.id)).toMatchObject({ name: 'Fund', currentAmount: '56.00', targetAmount: '56.00', isCompleted: 1 });
  });

  it('an edit racing a delete answers 200 or 404, never 500', async () => {
    const { rest } = await h.user();
    for (let i = 0; i < 5; i++) {
      const goal = await addGoal(rest);
      const contribution = (await contribute(rest, goal.id, '1')).body;
      const [edit, removal, undo] = await Promise.all([
        rest('PATCH', `/api/savings-goals/${goal.id}`, { targetAmount: '1' }),
        rest('DELETE', `/api/savings-goals/${goal.id}`),
        rest('DELETE', `/api/goal-contributions/${contribution.id}`),
      ]);
      expect(removal.status).toBe(204);
      expect([200, 404]).toContain(edit.status);
      expect([204, 404]).toContain(undo.status);
    }
    expect((await rest('GET', '/api/savings-goals')).body).toEqual([]);
  });
});
