import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { graphqlAs } from '../../test/graphql-client.ts';
import { READ_ONLY_BUDGET } from '../../lib/viewer.ts';
import { OWNER_ONLY, PERSONAL_NOT_DELETABLE } from './budgets.service.ts';

// Shared budgets (docs/product.md#shared-budgets): members, roles, invitations, hand-over, leave,
// delete, account deletion and the activity log, through REST (with the X-Budget-Id header) and GraphQL.
const h = useModuleHarness();

type Client = Awaited<ReturnType<typeof h.user>>;

/** REST as `who` on budget `budgetId` (the X-Budget-Id header). */
const on = (who: Client, budgetId: string) => (method: string, path: string, body?: unknown) =>
  who.rest(method, path, body, { 'x-budget-id': budgetId });

/** A budget of `owner` with an editor and a viewer who joined through invitation links. */
async function household() {
  const [owner, editor, viewer, stranger] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
  const created = await owner.rest('POST', '/api/budgets', { name: 'Household' });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (const [who, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    const invited = await owner.rest('POST', `/api/budgets/${id}/invitations`, { role });
    expect(invited.status).toBe(201);
    const token = (invited.body.url as string).split('/invitations/')[1]!;
    const accepted = await who.rest('POST', `/api/invitations/${token}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body.budget).toMatchObject({ id, name: 'Household', role, personal: false });
  }
  return { id, owner, editor, viewer, stranger };
}

describe(`shared budgets (${testDatabaseKind()})`, () => {
  it('gives every user a personal budget, and a client without the header acts on it as before', async () => {
    const alice = await h.user();
    const list = await alice.rest('GET', '/api/budgets');
    expect(list.body).toEqual([
      { id: alice.viewer.id, name: 'Personal', personal: true, role: 'owner', memberCount: 1, createdAt: expect.any(String) },
    ]);
    const made = await alice.rest('POST', '/api/transactions', { amount: '3.50', description: 'Tea', date: '2026-01-01' });
    expect(made.status).toBe(201);
    expect(made.body.userId).toBe(alice.viewer.id);
    expect(Object.keys(made.body)).not.toContain('createdBy');
    const mine = await alice.rest('GET', '/api/transactions', undefined, { 'x-budget-id': alice.viewer.id });
    expect(mine.body.map((t: { id: string }) => t.id)).toEqual([made.body.id]);
  });

  it('shares a budget by invitation: editors write, viewers read only, anyone else finds nothing', async () => {
    const { id, owner, editor, viewer, stranger } = await household();
    const members = await owner.rest('GET', `/api/budgets/${id}/members`);
    expect(members.body.map((m: { role: string; you: boolean }) => [m.role, m.you])).toEqual([
      ['owner', true],
      ['editor', false],
      ['viewer', false],
    ]);
    const added = await on(editor, id)('POST', '/api/transactions', { amount: '12.00', description: 'Groceries', date: '2026-02-01' });
    expect(added.status).toBe(201);
    expect((await on(owner, id)('GET', '/api/transactions')).body.map((t: { id: string }) => t.id)).toEqual([added.body.id]);
    expect((await on(viewer, id)('GET', '/api/transactions')).body).toHaveLength(1);
    // The editor's personal budget (no header) does not hold it.
    expect((await editor.rest('GET', '/api/transactions')).body).toEqual([]);

    const refused = await on(viewer, id)('POST', '/api/transactions', { amount: '1.00', description: 'x', date: '2026-02-01' });
    expect(refused).toMatchObject({ status: 403, body: { message: READ_ONLY_BUDGET } });
    expect((await on(viewer, id)('DELETE', `/api/transactions/${added.body.id}`)).status).toBe(403);
    // Person-level operations stay open to a viewer.
    expect((await on(viewer, id)('PATCH', '/api/settings/reminders', { reminderDays: 5 })).status).toBe(200);

    for (const [method, path] of [
      ['GET', '/api/transactions'],
      ['POST', '/api/transactions'],
      ['PATCH', `/api/transactions/${added.body.id}`],
    ] as const) {
      const res = await on(stranger, id)(
        method,
        path,
        method === 'GET' ? undefined : { amount: '1.00', description: 'x', date: '2026-02-01' },
      );
      expect(res).toMatchObject({ status: 404, body: { message: 'Budget not found' } });
    }
    expect((await on(stranger, 'no-such-budget')('GET', '/api/transactions')).body).toEqual({ message: 'Budget not found' });
    expect((await stranger.rest('GET', `/api/budgets/${id}/members`)).status).toBe(404);
    expect(await h.db.prisma.transaction.count({ where: { userId: id } })).toBe(1);

    // GraphQL: the same rules, the viewer's role on the request.
    const gqlViewer = graphqlAs(h.db, { ...viewer.viewer, budgetId: id, role: 'viewer' });
    const write = await gqlViewer(
      'mutation { addTransaction(input: { amount: "1.00", description: "x", date: "2026-02-01" }) { transaction { id } } }',
    );
    expect(write.errors?.[0]).toMatchObject({ message: READ_ONLY_BUDGET, extensions: { code: 'FORBIDDEN' } });
    const read = await gqlViewer('{ viewer { currentBudget { name role personal memberCount } budgets { name role } } }');
    expect(read.data.viewer).toEqual({
      currentBudget: { name: 'Household', role: 'VIEWER', personal: false, memberCount: 3 },
      budgets: [
        { name: 'Personal', role: 'OWNER' },
        { name: 'Household', role: 'VIEWER' },
      ],
    });
  });

  it('keeps invitations one-time, revocable and the owner’s, and a member’s role as it is', async () => {
    const { id, owner, editor, stranger } = await household();
    expect((await editor.rest('POST', `/api/budgets/${id}/invitations`, { role: 'editor' })).body).toEqual({ message: OWNER_ONLY });
    expect((await owner.rest('POST', `/api/budgets/${id}/invitations`, { role: 'owner' })).status).toBe(400);
    const invited = await owner.rest('POST', `/api/budgets/${id}/invitations`, { role: 'viewer' });
    const token = (invited.body.url as string).split('/invitations/')[1]!;
    expect(invited.body.url).toBe(`http://localhost/invitations/${token}`);
    expect((await stranger.rest('GET', `/api/invitations/${token}`)).body).toMatchObject({
      budgetName: 'Household',
      role: 'viewer',
      invitedBy: 'Test User',
    });
    expect((await owner.rest('GET', `/api/budgets/${id}/invitations`)).body.map((i: { id: string }) => i.id)).toEqual([invited.body.id]);
    // A member already keeps their role, and the link stays unused.
    expect((await editor.rest('POST', `/api/invitations/${token}/accept`, {})).body.budget.role).toBe('editor');
    expect((await stranger.rest('POST', `/api/invitations/${token}/accept`, {})).body.budget.role).toBe('viewer');
    const other = await h.user();
    expect(await other.rest('POST', `/api/invitations/${token}/accept`, {})).toMatchObject({
      status: 404,
      body: { message: 'Invitation not found' },
    });
    expect((await other.rest('GET', `/api/invitations/${token}`)).status).toBe(404);

    const revoked = await owner.rest('POST', `/api/budgets/${id}/invitations`, { role: 'editor' });
    expect((await owner.rest('DELETE', `/api/budgets/${id}/invitations/${revoked.body.id}`)).status).toBe(204);
    const revokedToken = (revoked.body.url as string).split('/invitations/')[1]!;
    expect((await other.rest('POST', `/api/invitations/${revokedToken}/accept`, {})).status).toBe(404);
    expect((await other.rest('GET', '/api/invitations/bgi_nonsense')).status).toBe(404);
    await h.db.prisma.budgetInvitation.updateMany({ where: { budgetId: id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await owner.rest('GET', `/api/budgets/${id}/invitations`)).body).toEqual([]);
  });

  it('hands ownership over, lets members leave and the owner remove them: access ends at once', async () => {
    const { id, owner, editor, viewer } = await household();
    expect((await editor.rest('PATCH', `/api/budgets/${id}/members/${viewer.viewer.id}`, { role: 'editor' })).body).toEqual({
      message: OWNER_ONLY,
    });
    expect((await owner.rest('DELETE', `/api/budgets/${id}/members/${owner.viewer.id}`)).status).toBe(400);
    const handed = await owner.rest('PATCH', `/api/budgets/${id}/members/${editor.viewer.id}`, { role: 'owner' });
    expect(handed.body).toMatchObject({ id, role: 'editor' });
    const roles = await h.db.prisma.budgetMember.findMany({ where: { budgetId: id }, orderBy: { role: 'asc' } });
    expect(roles.filter((m) => m.role === 'owner').map((m) => m.userId)).toEqual([editor.viewer.id]);

    // The viewer is downgraded already; now made an editor, then removed: the next request finds nothing.
    expect((await editor.rest('PATCH', `/api/budgets/${id}/members/${viewer.viewer.id}`, { role: 'editor' })).status).toBe(200);
    expect((await on(viewer, id)('POST', '/api/accounts', { name: 'Joint', type: 'checking' })).status).toBe(201);
    expect((await editor.rest('DELETE', `/api/budgets/${id}/members/${viewer.viewer.id}`)).status).toBe(204);
    expect((await on(viewer, id)('GET', '/api/accounts')).body).toEqual({ message: 'Budget not found' });
    // The former owner leaves.
    expect((await owner.rest('DELETE', `/api/budgets/${id}/members/${owner.viewer.id}`)).status).toBe(204);
    expect((await owner.rest('GET', '/api/budgets')).body.map((b: { id: string }) => b.id)).toEqual([owner.viewer.id]);
  });

  it('deletes a budget with its data (the owner; never the personal one)', async () => {
    const { id, owner, editor } = await household();
    await on(editor, id)('POST', '/api/transactions', { amount: '2.00', description: 'x', date: '2026-02-01' });
    expect((await owner.rest('DELETE', `/api/budgets/${owner.viewer.id}`)).body).toEqual({
      message: PERSONAL_NOT_DELETABLE,
      errors: [{ path: ['id'], message: PERSONAL_NOT_DELETABLE }],
    });
    expect((await editor.rest('DELETE', `/api/budgets/${id}`)).status).toBe(403);
    expect((await owner.rest('PATCH', `/api/budgets/${id}`, { name: 'Home' })).body.name).toBe('Home');
    expect((await owner.rest('DELETE', `/api/budgets/${id}`)).status).toBe(204);
    expect((await on(editor, id)('GET', '/api/transactions')).status).toBe(404);
    expect(await h.db.prisma.transaction.count({ where: { userId: id } })).toBe(0);
  });

  it('refuses to delete the account of an owner with members until they hand over; their records stay', async () => {
    const { id, owner, editor } = await household();
    const added = await on(owner, id)('POST', '/api/transactions', { amount: '5.00', description: 'Owner’s', date: '2026-02-01' });
    const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: owner.viewer.id } });
    const refused = await owner.rest('DELETE', '/api/profile', { confirmation: email });
    expect(refused).toMatchObject({ status: 409, body: { message: 'Hand over Household to another member first' } });
    const gqlRefused = await owner.gql('mutation($c: String!) { deleteMyAccount(input: { confirmation: $c }) { deletedUserId } }', {
      c: email,
    });
    expect(gqlRefused.errors?.[0]).toMatchObject({
      message: 'Hand over Household to another member first',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    await owner.rest('PATCH', `/api/budgets/${id}/members/${editor.viewer.id}`, { role: 'owner' });
    expect((await owner.rest('DELETE', '/api/profile', { confirmation: email })).status).toBe(204);
    expect(await h.db.prisma.budget.count({ where: { id: owner.viewer.id } })).toBe(0);
    // The record stays, said to be added by a former member.
    const gql = graphqlAs(h.db, { ...editor.viewer, budgetId: id });
    const people = await gql('query($id: ID!) { node(id: $id) { ... on Transaction { addedBy changedBy } } }', {
      id: encodeGlobalID('Transaction', added.body.id),
    });
    expect(people.data.node).toEqual({ addedBy: 'a former member', changedBy: null });
    const log = await on(editor, id)('GET', `/api/budgets/${id}/activity`);
    expect(log.body.items.find((a: { entityId: string }) => a.entityId === added.body.id)).toMatchObject({
      actor: 'a former member',
      action: 'added',
    });
  });

  it('records who added, changed and deleted what, paged and filtered, one line for a bulk write', async () => {
    const { id, owner, editor } = await household();
    const made = await on(editor, id)('POST', '/api/transactions', { amount: '9.99', description: 'Lunch', date: '2026-03-01' });
    expect((await on(owner, id)('PATCH', `/api/transactions/${made.body.id}`, { amount: '10.50' })).status).toBe(200);
    const gql = graphqlAs(h.db, { ...owner.viewer, budgetId: id });
    const people = await gql('query($id: ID!) { node(id: $id) { ... on Transaction { addedBy changedBy } } }', {
      id: encodeGlobalID('Transaction', made.body.id),
    });
    expect(people.data.node).toEqual({ addedBy: 'Test User', changedBy: 'Test User' });
    const untouched = await on(owner, id)('POST', '/api/accounts', { name: 'Cash', type: 'cash' });
    const account = await gql('query($id: ID!) { node(id: $id) { ... on Account { addedBy changedBy } } }', {
      id: encodeGlobalID('Account', untouched.body.id),
    });
    expect(account.data.node).toEqual({ addedBy: 'Test User', changedBy: null });
    expect((await on(editor, id)('DELETE', `/api/transactions/${made.body.id}`)).status).toBe(204);

    const log = await on(owner, id)('GET', `/api/budgets/${id}/activity?entity=transaction`);
    expect(log.body.items.map((a: { action: string; summary: string }) => [a.action, a.summary])).toEqual([
      ['deleted', 'deleted transaction "Lunch" 10.50'],
      ['changed', 'changed transaction "Lunch" 10.50'],
      ['added', 'added transaction "Lunch" 9.99'],
    ]);
    const changed = log.body.items[1];
    expect([changed.before.amount, changed.after.amount]).toEqual([9.99, 10.5]);
    const byEditor = await on(owner, id)('GET', `/api/budgets/${id}/activity?memberId=${editor.viewer.id}`);
    expect(byEditor.body.items.map((a: { action: string }) => a.action)).toEqual(['deleted', 'added']);
    const editorOnly = new Set(byEditor.body.items.map((a: { actor: string }) => a.actor));
    expect(editorOnly.size).toBe(1);

    const page = await on(owner, id)('GET', `/api/budgets/${id}/activity?limit=2`);
    expect(page.body.items).toHaveLength(2);
    const next = await on(owner, id)('GET', `/api/budgets/${id}/activity?limit=2&cursor=${page.body.nextCursor}`);
    expect(next.body.items[0].id).not.toBe(page.body.items[1].id);
    expect((await on(owner, id)('GET', `/api/budgets/${id}/activity?entity=nonsense`)).status).toBe(400);

    // A bulk write is one line.
    await h.db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('budget.actor', ${editor.viewer.id}, true)`;
      await tx.transaction.createMany({
        data: Array.from({ length: 1234 }, (_, i) => ({ userId: id, amount: '1.00', description: `row ${i}`, date: new Date() })),
      });
    });
    const bulk = await on(owner, id)('GET', `/api/budgets/${id}/activity?limit=1`);
    expect(bulk.body.items[0]).toMatchObject({ action: 'imported', summary: 'imported 1,234 transactions', entityId: null });

    const conn = await gql(
      `query($id: ID!) { node(id: $id) { ... on Budget { activity(first: 2, entity: "transaction") { totalCount edges { node { action actor } } pageInfo { hasNextPage endCursor } } } } }`,
      {
        id: encodeGlobalID('Budget', id),
      },
    );
    expect(conn.data.node.activity).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: true } });
  });
});
