import { describe, expect, it } from 'vitest';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { progressPercent } from './goals.service.ts';

describe('goal progress', () => {
  it('has one decimal and is capped at 100', () => {
    const p = (current: string, target: string) =>
      progressPercent({ currentAmount: new Decimal(current), targetAmount: new Decimal(target) });
    expect(p('0', '1000')).toBe('0.0');
    expect(p('333.33', '1000')).toBe('33.3');
    expect(p('999.99', '1000')).toBe('100.0');
    expect(p('2500', '1000')).toBe('100.0');
  });
});

const h = useModuleHarness();
const CREATE = `mutation($input: CreateSavingsGoalInput!) { createSavingsGoal(input: $input) { savingsGoal { id name targetAmount currentAmount remainingAmount progressPercent category isCompleted targetDate } } }`;
const CONTRIBUTE = `mutation($input: AddGoalContributionInput!) { addGoalContribution(input: $input) { contribution { amount } goal { currentAmount isCompleted progressPercent remainingAmount } } }`;
const LISTS = `{ viewer { active: savingsGoals(completed: false) { totalCount } completed: savingsGoals(completed: true) { totalCount edges { node { name } } } } }`;

describe('savings goals', () => {
  it('creates goals with validation; a contribution that reaches the target completes the goal', async () => {
    const { gql } = await h.user();
    const bad = await gql(CREATE, { input: { name: '', targetAmount: '100' } });
    expect(bad.errors?.[0]?.extensions?.issues).toEqual([{ path: ['name'], message: 'Name is required' }]);
    const goal = (await gql(CREATE, { input: { name: 'Trip', targetAmount: '100.00', targetDate: '2027-06-01', category: 'vacation' } }))
      .data.createSavingsGoal.savingsGoal;
    expect(goal).toMatchObject({
      currentAmount: '0.00',
      remainingAmount: '100.00',
      progressPercent: '0.0',
      category: 'vacation',
      isCompleted: false,
      targetDate: '2027-06-01',
    });
    const half = await gql(CONTRIBUTE, { input: { goalId: goal.id, amount: '60.10', contributionDate: '2026-01-01' } });
    expect(half.data.addGoalContribution.goal).toEqual({
      currentAmount: '60.10',
      isCompleted: false,
      progressPercent: '60.1',
      remainingAmount: '39.90',
    });
    const done = await gql(CONTRIBUTE, { input: { goalId: goal.id, amount: '50.00', contributionDate: '2026-01-02' } });
    expect(done.data.addGoalContribution.goal).toEqual({
      currentAmount: '110.10',
      isCompleted: true,
      progressPercent: '100.0',
      remainingAmount: '0.00',
    });
    expect((await gql(LISTS)).data.viewer).toEqual({
      active: { totalCount: 0 },
      completed: { totalCount: 1, edges: [{ node: { name: 'Trip' } }] },
    });
    // Every contribution of the user, across goals, newest first (another user's are not there).
    const other = (await gql(CREATE, { input: { name: 'Car', targetAmount: '5000' } })).data.createSavingsGoal.savingsGoal;
    await gql(CONTRIBUTE, { input: { goalId: other.id, amount: '5.00', contributionDate: '2026-01-03' } });
    const stranger = await h.user();
    const theirs = (await stranger.gql(CREATE, { input: { name: 'X', targetAmount: '10' } })).data.createSavingsGoal.savingsGoal;
    await stranger.gql(CONTRIBUTE, { input: { goalId: theirs.id, amount: '1.00', contributionDate: '2026-01-04' } });
    const all = (
      await gql(`{ viewer { goalContributions(first: 10) { totalCount edges { node { amount contributionDate goal { name } } } } } }`)
    ).data.viewer.goalContributions;
    expect(all).toEqual({
      totalCount: 3,
      edges: [
        { node: { amount: '5.00', contributionDate: '2026-01-03', goal: { name: 'Car' } } },
        { node: { amount: '50.00', contributionDate: '2026-01-02', goal: { name: 'Trip' } } },
        { node: { amount: '60.10', contributionDate: '2026-01-01', goal: { name: 'Trip' } } },
      ],
    });
  });

  it('REST: a goal without a category, created already complete; contributions listed', async () => {
    const { rest } = await h.user();
    const goal = await rest('POST', '/api/savings-goals', {
      name: 'Fund',
      targetAmount: '10',
      currentAmount: '10',
      targetDate: null,
      category: '',
      isCompleted: 0,
      notes: null,
    });
    expect(goal.status).toBe(201);
    expect(goal.body).toMatchObject({ category: null, isCompleted: 1, progressPercent: '100.0', remainingAmount: '0.00' });
    expect((await rest('POST', '/api/savings-goals', { name: 'x', targetAmount: '1', category: 'yacht' })).body.errors[0].path).toEqual([
      'category',
    ]);
    const c = await rest('POST', '/api/goal-contributions', {
      goalId: goal.body.id,
      amount: '1.50',
      contributionDate: '2026-02-01',
      notes: 'tip',
    });
    expect(c.status).toBe(201);
    expect(c.body.goal.currentAmount).toBe('11.50');
    // A contribution of nothing: refused, the goal unchanged.
    const zero = await rest('POST', '/api/goal-contributions', { goalId: goal.body.id, amount: '0.00', contributionDate: '2026-02-01' });
    expect(zero.body).toEqual({
      message: 'Amount must be greater than 0',
      errors: [{ path: ['amount'], message: 'Amount must be greater than 0' }],
    });
    expect((await rest('GET', `/api/goal-contributions?goalId=${goal.body.id}`)).body).toHaveLength(1);
    expect((await rest('DELETE', `/api/savings-goals/${goal.body.id}`)).status).toBe(204);
    expect((await rest('GET', '/api/goal-contributions')).body).toEqual([]);
  });

  it('reads a blank, null or missing "already saved" or target date as none, in REST and GraphQL', async () => {
    const { rest, gql } = await h.user();
    for (const [currentAmount, targetDate] of [
      [null, null],
      ['', ''],
      ['  ', ' '],
      [undefined, undefined],
    ]) {
      const made = await rest('POST', '/api/savings-goals', { name: 'Trip', targetAmount: '100', currentAmount, targetDate });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ currentAmount: '0.00', targetDate: null, isCompleted: 0 });
      const viaGraphQL = await gql(CREATE, { input: { name: 'Trip', targetAmount: '100', currentAmount, targetDate } });
      expect(viaGraphQL.data.createSavingsGoal.savingsGoal).toMatchObject({ currentAmount: '0.00', targetDate: null, isCompleted: false });
    }
    // Anything else still has to be a valid amount.
    expect((await rest('POST', '/api/savings-goals', { name: 'x', targetAmount: '1', currentAmount: 'lots' })).body.errors).toEqual([
      { path: ['currentAmount'], message: 'Amount must be a valid number' },
    ]);
  });

  it('50 concurrent contributions of odd cents lose nothing', async () => {
    const { rest } = await h.user();
    const goal = (await rest('POST', '/api/savings-goals', { name: 'Big', targetAmount: '5000' })).body;
    let expected = new Decimal(0);
    const amounts = Array.from({ length: 50 }, (_, i) => `${i + 1}.${String((i * 37) % 100).padStart(2, '0')}`);
    amounts.forEach((a) => (expected = expected.plus(a)));
    const results = await Promise.all(
      amounts.map((amount) => rest('POST', '/api/goal-contributions', { goalId: goal.id, amount, contributionDate: '2026-01-01' })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const after = (await rest('GET', '/api/savings-goals')).body[0];
    expect(after.currentAmount).toBe(expected.toFixed(2));
    const sum = (await rest('GET', '/api/goal-contributions')).body.reduce((s: Decimal, c: any) => s.plus(c.amount), new Decimal(0));
    expect(sum.toFixed(2)).toBe(expected.toFixed(2));
  });

  it("keeps another user's goals out of reach, and refuses a total past 12 digits", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const goal = (
      await alice.rest('POST', '/api/savings-goals', { name: 'Mine', targetAmount: '9999999999.99', currentAmount: '9999999999.00' })
    ).body;
    const steal = await bob.rest('POST', '/api/goal-contributions', { goalId: goal.id, amount: '1', contributionDate: '2026-01-01' });
    expect(steal.body.errors).toEqual([{ path: ['goalId'], message: 'Goal not found' }]);
    expect((await bob.rest('DELETE', `/api/savings-goals/${goal.id}`)).status).toBe(404);
    const overflow = await alice.rest('POST', '/api/goal-contributions', {
      goalId: goal.id,
      amount: '9999999999.99',
      contributionDate: '2026-01-01',
    });
    expect(overflow.status).toBe(400);
    expect((await alice.rest('GET', '/api/savings-goals')).body[0].currentAmount).toBe('9999999999.00');
    expect((await alice.rest('GET', '/api/goal-contributions')).body).toEqual([]);
  });
});
