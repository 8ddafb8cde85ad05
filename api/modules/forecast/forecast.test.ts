import { describe, expect, it } from 'vitest';
import { addCalendarDays, formatCalendarDate, today } from '../../lib/dates.ts';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const day = (offset: number) => formatCalendarDate(addCalendarDays(today('UTC'), offset));

describe('forecast', () => {
  it('projects each day from today: schedules, bills, transfers between accounts; lowest point and warning', async () => {
    const u = await h.user();
    const checking = (await u.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '100', isDefault: 1 })).body.id;
    const savings = (await u.rest('POST', '/api/accounts', { name: 'Savings', type: 'savings', balance: '50' })).body.id;
    const add = (body: Record<string, unknown>) =>
      u.rest('POST', '/api/schedules', { frequency: 'every_n_days', interval: 30, autoPost: false, accountId: checking, ...body });
    await add({ kind: 'expense', amount: '80', payee: 'Rent', startDate: day(2), occurrences: 1 });
    await add({ kind: 'paycheck', amount: '200', payee: 'Acme', startDate: day(10), occurrences: 1 });
    await add({ kind: 'transfer', amount: '30', payee: 'Save', toAccountId: savings, startDate: day(-3), occurrences: 1 }); // waiting: counts today
    await u.rest('POST', '/api/recurring-bills', { name: 'Phone', amount: '45', frequency: 'monthly', dueDay: 1, nextDueDate: day(5) });

    const total = (await u.rest('GET', '/api/forecast?days=12')).body;
    expect(total.days).toHaveLength(12);
    expect(total.days[0]).toEqual({ date: day(0), balance: '150.00' });
    expect(total.days.map((d: any) => d.balance)).toEqual([
      '150.00',
      '150.00',
      '70.00',
      '70.00',
      '70.00',
      '25.00',
      '25.00',
      '25.00',
      '25.00',
      '25.00',
      '225.00',
      '225.00',
    ]);
    expect(total.lowest).toEqual({ date: day(5), balance: '25.00' });

    const one = (await u.rest('GET', `/api/forecast?days=12&accountId=${checking}`)).body;
    expect(one.days[0]).toEqual({ date: day(0), balance: '70.00' });
    expect(one.lowest).toEqual({ date: day(5), balance: '-55.00' });
    expect((await u.rest('GET', `/api/forecast?days=12&accountId=${savings}`)).body.lowest).toEqual({ date: day(0), balance: '80.00' });

    const gql = await u.gql(`{ viewer { forecastWarnings { accountName date balance } forecast(days: 3) { lowest { date balance } } } }`);
    expect(gql.data.viewer.forecastWarnings).toEqual([{ accountName: 'Checking', date: day(2), balance: '-10.00' }]);
    expect(gql.data.viewer.forecast.lowest).toEqual({ date: day(2), balance: '70.00' });
    const account = await u.gql(`query($id: ID!) { node(id: $id) { ... on Account { forecast(days: 90) { days { date } } } } }`, {
      id: Buffer.from(`Account:${checking}`).toString('base64'),
    });
    expect(account.data.node.forecast.days).toHaveLength(90);
  });

  it("answers another user's account like a missing one, and bad input with a 400", async () => {
    const owner = await h.user();
    const other = await h.user();
    const account = (await owner.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1' })).body.id;
    const foreign = await other.rest('GET', `/api/forecast?accountId=${account}`);
    const missing = await other.rest('GET', '/api/forecast?accountId=0190a0a0-0000-7000-8000-000000000000');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    for (const q of ['days=0', 'days=367', 'days=abc', 'days=1.5']) {
      const res = await owner.rest('GET', `/api/forecast?${q}`);
      expect(res.status, q).toBe(400);
    }
    const empty = (await other.rest('GET', '/api/forecast')).body;
    expect(empty.days).toHaveLength(90);
    expect(empty.lowest).toEqual({ date: day(0), balance: '0.00' });
  });
});
