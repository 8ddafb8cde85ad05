import { describe, expect, it, vi } from 'vitest';
import { addCalendarDays, formatCalendarDate, today } from '../../lib/dates.ts';
import { createChangeEvents } from '../../lib/change-events.ts';
import { createReadMemo } from '../../lib/read-memo.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { checkReminders } from './reminder-checks.ts';
import { claimDailyChecks, remindUsers, startReminders } from './reminder-job.ts';
import { notify } from './notify.ts';

const h = useModuleHarness();
const day = (offset: number) => formatCalendarDate(addCalendarDays(today('UTC'), offset));
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

/** The job's pass for these users, as another process would run it (its own change events and memo). */
function otherProcess() {
  const events = createChangeEvents();
  return { events, memo: createReadMemo(events) };
}

async function seeded() {
  const u = await h.user();
  const checking = (await u.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '100', isDefault: 1 })).body.id;
  await u.rest('POST', '/api/recurring-bills', { name: 'Phone', amount: '45', frequency: 'monthly', dueDay: 1, nextDueDate: day(1) });
  await u.rest('POST', '/api/recurring-bills', { name: 'Gym', amount: '30', frequency: 'monthly', dueDay: 1, nextDueDate: day(10) });
  await u.rest('POST', '/api/schedules', {
    kind: 'expense',
    amount: '80',
    payee: 'Rent',
    accountId: checking,
    frequency: 'monthly',
    startDate: day(2),
    autoPost: false,
  });
  const food = (await u.rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses', allocatedAmount: '10' })).body.id;
  await u.rest('POST', '/api/transactions', {
    amount: '25',
    description: 'Groceries',
    date: day(0),
    categoryId: food,
    accountId: checking,
    kind: 'expense',
  });
  return { u, checking, food };
}

describe('reminders', () => {
  it('makes each due reminder once, across passes and processes, and lists it in every face', async () => {
    const { u, checking } = await seeded();
    const [a, b] = [otherProcess(), otherProcess()];
    // A process that is stopping checks nobody more.
    expect(await remindUsers(h.db.prisma, a.memo, a.events, [u.viewer.id], { stopped: () => true })).toBe(0);
    expect((await u.rest('GET', '/api/notifications')).body).toEqual([]);
    const made = await Promise.all([
      checkReminders(h.db.prisma, a.memo, u.viewer.id),
      checkReminders(h.db.prisma, b.memo, u.viewer.id),
      remindUsers(h.db.prisma, a.memo, a.events, [u.viewer.id]),
    ]);
    const list = (await u.rest('GET', '/api/notifications')).body;
    const titles = list.map((n: any) => n.title).sort();
    // The phone bill (tomorrow), Rent (in 2 days), Food overspent, Checking below zero (Rent day 2, Phone day 1): Gym is 10 days away.
    expect(titles).toEqual([
      expect.stringMatching(/^Checking goes below \$0 on /),
      'Food is overspent by $15.00 this month',
      expect.stringMatching(/^Phone \(\$45\.00\) is due on /),
      expect.stringMatching(/^Rent \(\$80\.00\) is due on .*: post or skip it$/),
    ]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(4);
    expect(await checkReminders(h.db.prisma, a.memo, u.viewer.id)).toBe(0);
    expect(list.find((n: any) => n.kind === 'forecast_below_zero').link).toBe(`/accounts/${checking}`);

    const gql = await u.gql(`{ viewer { notifications(first: 2) { totalCount unreadCount edges { node { id kind title readAt } } } } }`);
    expect(gql.data.viewer.notifications.totalCount).toBe(4);
    expect(gql.data.viewer.notifications.unreadCount).toBe(4);
    expect(gql.data.viewer.notifications.edges).toHaveLength(2);
    expect((await u.rest('GET', '/api/notifications/unread-count')).body).toEqual({ unreadCount: 4 });

    // A wider window reaches the gym bill.
    expect((await u.rest('PATCH', '/api/settings/reminders', { reminderDays: 10 })).body).toEqual({
      reminderDays: 10,
      reminderEmail: 'off',
    });
    expect(await checkReminders(h.db.prisma, a.memo, u.viewer.id)).toBe(1);
  });

  it('marks read: some, then all; live to other tabs; paged and filtered lists', async () => {
    const { u } = await seeded();
    await checkReminders(h.db.prisma, otherProcess().memo, u.viewer.id);
    const [first, second] = (await u.rest('GET', '/api/notifications?limit=2')).body.items;
    const changes = u.viewer.events.subscribe(u.viewer.id)[Symbol.asyncIterator]();
    const next = changes.next();
    expect((await u.rest('POST', '/api/notifications/read', { ids: [first.id] })).body).toEqual({ unreadCount: 3 });
    expect((await next).done).toBe(false);
    await changes.return?.();
    const unread = (await u.rest('GET', '/api/notifications?unread=1')).body;
    expect(unread.map((n: any) => n.id)).not.toContain(first.id);
    expect(unread).toHaveLength(3);

    const marked = await u.gql(
      `mutation($ids: [ID!]) { markNotificationsRead(input: { ids: $ids }) { notifications { id readAt } viewer { notifications { unreadCount } } } }`,
      { ids: [gid('Notification', second.id)] },
    );
    expect(marked.data.markNotificationsRead.notifications[0].readAt).not.toBeNull();
    expect(marked.data.markNotificationsRead.viewer.notifications.unreadCount).toBe(2);

    const all = await u.gql(`mutation { markNotificationsRead { notifications { id } viewer { notifications { unreadCount } } } }`);
    expect(all.data.markNotificationsRead.viewer.notifications.unreadCount).toBe(0);
    expect((await u.rest('POST', '/api/notifications/read', {})).body).toEqual({ unreadCount: 0 });
    expect((await u.rest('GET', '/api/notifications')).body.every((n: any) => n.readAt !== null)).toBe(true);
  });

  it('keeps users apart: another user’s notification answers as a missing one and is not marked', async () => {
    const { u: owner } = await seeded();
    const other = await h.user();
    await checkReminders(h.db.prisma, otherProcess().memo, owner.viewer.id);
    const [theirs] = (await owner.rest('GET', '/api/notifications')).body;
    const foreign = await other.rest('POST', '/api/notifications/read', { ids: [theirs.id] });
    const missing = await other.rest('POST', '/api/notifications/read', { ids: ['0190a0a0-0000-7000-8000-000000000000'] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await other.rest('POST', '/api/notifications/read', {})).status).toBe(200);
    expect((await other.rest('GET', '/api/notifications')).body).toEqual([]);
    expect((await owner.rest('GET', '/api/notifications/unread-count')).body).toEqual({ unreadCount: 4 });
    const node = await other.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: gid('Notification', theirs.id) });
    expect(node.data.node).toBeNull();
    const gqlForeign = await other.gql(`mutation($ids: [ID!]) { markNotificationsRead(input: { ids: $ids }) { notifications { id } } }`, {
      ids: [gid('Notification', theirs.id)],
    });
    expect(gqlForeign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const u = await h.user();
    for (const body of [
      { reminderDays: -1 },
      { reminderDays: 31 },
      { reminderDays: 1.5 },
      { reminderDays: '3' },
      { reminderEmail: 'weekly' },
      { other: 1 },
    ]) {
      const res = await u.rest('PATCH', '/api/settings/reminders', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await u.rest('GET', '/api/settings/reminders')).body).toEqual({ reminderDays: 3, reminderEmail: 'off' });
    for (const body of [{ ids: 'x' }, { ids: [1] }, { ids: Array.from({ length: 501 }, () => 'x') }, { all: true }]) {
      expect((await u.rest('POST', '/api/notifications/read', body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await u.rest('GET', '/api/notifications?unread=yes')).status).toBe(400);
    const gql = await u.gql(`mutation { updateReminderSettings(input: { days: 99 }) { viewer { reminderSettings { days } } } }`);
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const ok = await u.gql(
      `mutation { updateReminderSettings(input: { days: 7, email: digest }) { viewer { reminderSettings { days email } } } }`,
    );
    expect(ok.data.updateReminderSettings.viewer.reminderSettings).toEqual({ days: 7, email: 'digest' });
  });

  it('claims each active user for the daily check once a day, however many processes ask at once', async () => {
    const users = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
    const [disabled, ...active] = users.map((u) => u.viewer.id);
    await h.db.prisma.user.update({ where: { id: disabled! }, data: { disabledAt: new Date() } });
    const ours = (ids: string[]) => ids.filter((id) => users.some((u) => u.viewer.id === id)).sort();
    /** A process's pass: batches of two until none is left. */
    const claimAll = async (on: string) => {
      const claimed: string[] = [];
      for (let batch = await claimDailyChecks(h.db.prisma, on, 2); batch.length > 0; batch = await claimDailyChecks(h.db.prisma, on, 2))
        claimed.push(...batch);
      return claimed;
    };
    const [one, two] = await Promise.all([claimAll(day(0)), claimAll(day(0))]);
    expect(ours([...one, ...two])).toEqual([...active].sort()); // each once, between them
    expect(await claimAll(day(0))).toEqual([]); // a restart the same day: nobody again
    expect(ours(await claimAll(day(1)))).toEqual([...active].sort()); // the next day: everyone again
  });

  it('runs as a job: every user at start, then the users whose data this process changed; stops after its pass', async () => {
    const { u } = await seeded();
    const job = otherProcess();
    const log = vi.fn();
    const stop = startReminders({ prisma: h.db.prisma, memo: job.memo, events: job.events, log, everyMs: 3_600_000, afterChangeMs: 0 });
    const unread = async () => (await u.rest('GET', '/api/notifications/unread-count')).body.unreadCount;
    await vi.waitFor(async () => expect(await unread()).toBe(4), { timeout: 20_000 });
    await u.rest('POST', '/api/recurring-bills', { name: 'Water', amount: '20', frequency: 'monthly', dueDay: 1, nextDueDate: day(0) });
    job.events.publish(u.viewer.id); // as the process that served the write announces it
    await vi.waitFor(async () => expect(await unread()).toBe(5), { timeout: 20_000 });
    await stop();
    expect(log).not.toHaveBeenCalled();
  });

  it('lets other modules notify once per occurrence (a failed bank sync)', async () => {
    const u = await h.user();
    const failed = { kind: 'sync_failed' as const, subject: 'conn-1', date: day(0), title: 'Syncing Chase failed', link: '/accounts' };
    const results = await Promise.all([notify(h.db.prisma, u.viewer.id, failed), notify(h.db.prisma, u.viewer.id, failed)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await notify(h.db.prisma, u.viewer.id, { ...failed, date: day(1) })).toBe(true);
    const list = (await u.rest('GET', '/api/notifications')).body;
    expect(list.map((n: any) => n.kind)).toEqual(['sync_failed', 'sync_failed']);
  });
});
