import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { BACKUP_TABLES } from '../../db/backup.ts';
import { createOneOfEverything } from '../../security/sweep-helpers.ts';
import { notify } from '../reminders/notify.ts';

// Profile and account deletion (docs/product.md#settings), through GraphQL and REST.
const h = useModuleHarness();

/** A user of the built-in sign-in: their provider account has the user's id. */
async function builtInUser() {
  const user = await h.user();
  const row = await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.viewer.id } });
  await h.db.prisma.localAccount.create({
    data: { id: row.id, email: row.email!, passwordHash: 'x', firstName: row.firstName!, lastName: row.lastName! },
  });
  return user;
}

/** Every row in the database that belongs to `userId`, table by table (as PostgreSQL prints it). */
async function rowsOf(userId: string) {
  const out: Record<string, string> = {};
  for (const [table] of BACKUP_TABLES) {
    if (table === 'app_secrets') continue;
    const where =
      table === 'users' || table === 'local_accounts' || table === 'budgets'
        ? 'id = $1'
        : table === 'recovery_codes'
          ? 'account_id = $1'
          : table === 'budget_invitations'
            ? 'budget_id = $1'
            : 'user_id = $1';
    const [row] = await h.db.prisma.$queryRawUnsafe<{ j: string | null }[]>(
      `SELECT json_agg(t ORDER BY t::text)::text AS j FROM "${table}" t WHERE ${where}`,
      userId,
    );
    out[table] = row?.j ?? '[]';
  }
  const [sessions] = await h.db.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM "session" WHERE user_id = $1`,
    userId,
  );
  out.session = String(sessions?.n ?? 0);
  return out;
}

describe(`profile and account deletion (${testDatabaseKind()})`, () => {
  it('changes the name of a built-in account (its sign-in record too), and explains an external one', async () => {
    const { viewer, gql, rest } = await builtInUser();
    const res = await gql(
      'mutation { updateProfile(input: { firstName: " Grace ", lastName: "Hopper" }) { viewer { displayName initials } } }',
    );
    expect(res.data.updateProfile.viewer).toEqual({ displayName: 'Grace Hopper', initials: 'GH' });
    expect(await h.db.prisma.localAccount.findUniqueOrThrow({ where: { id: viewer.id } })).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const patched = await rest('PATCH', '/api/profile', { firstName: 'Ada', lastName: 'Lovelace' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', signInMethod: 'built-in', twoFactorEnabled: false });
    const bad = await rest('PATCH', '/api/profile', { firstName: '', lastName: 'x'.repeat(101), id: 'nope' });
    expect(bad.status).toBe(400);
    expect(await h.db.prisma.user.findUniqueOrThrow({ where: { id: viewer.id } })).toMatchObject({ firstName: 'Ada' });

    const external = await h.user();
    const refused = await external.rest('PATCH', '/api/profile', { firstName: 'Ada', lastName: 'Lovelace' });
    expect([refused.status, refused.body.message]).toEqual([400, 'Your name comes from your sign-in provider: change it there']);
    expect((await external.rest('GET', '/api/profile')).body).toMatchObject({ signInMethod: 'external', firstName: 'Test' });
  });

  it('deletes every row of the user in one go, after the typed email, and leaves every other user as they were', async () => {
    const alice = await builtInUser();
    const bob = await builtInUser();
    for (const who of [alice, bob]) {
      await createOneOfEverything(who.gql);
      await notify(h.db.prisma, who.viewer.id, { kind: 'sync_failed', subject: 'bank', date: '2026-01-08', title: 'Sync failed' });
      await h.db.prisma.session.create({
        data: { sid: `sid-${who.viewer.id}`, sess: {}, expire: new Date(Date.now() + 60_000), userId: who.viewer.id },
      });
      await h.db.prisma.recoveryCode.create({ data: { accountId: who.viewer.id, codeHash: 'h' } });
      // An invitation to their personal budget (docs/product.md#shared-budgets).
      expect((await who.rest('POST', `/api/budgets/${who.viewer.id}/invitations`, { role: 'viewer' })).status).toBe(201);
      await h.db.prisma.bankLink.create({ data: { userId: who.viewer.id, plaidAccessToken: 'secret', plaidItemId: 'item' } });
      await h.db.prisma.bankConnection.create({
        data: {
          userId: who.viewer.id,
          name: 'Bank',
          accessSecret: 'secret',
          accounts: { create: { userId: who.viewer.id, remoteId: 'ACT-1', name: 'Checking', currency: 'USD', balance: '1.00' } },
        },
      });
    }
    const aliceBefore = await rowsOf(alice.viewer.id);
    const bobBefore = await rowsOf(bob.viewer.id);
    const emptyTables = Object.entries(aliceBefore).filter(([, rows]) => rows === '[]' || rows === '0');
    expect(emptyTables, 'Alice has a row in every table').toEqual([]);

    const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: alice.viewer.id } });
    const wrong = await alice.gql('mutation($c: String!) { deleteMyAccount(input: { confirmation: $c }) { deletedUserId } }', {
      c: 'someone@else.example',
    });
    expect(wrong.errors?.[0]?.message).toBe('Type your email exactly as shown to confirm');
    expect((await alice.rest('DELETE', '/api/profile', {})).status).toBe(400);
    expect(await rowsOf(alice.viewer.id)).toEqual(aliceBefore);

    const res = await alice.rest('DELETE', '/api/profile', { confirmation: ` ${email!.toUpperCase()} ` });
    expect(res.status).toBe(204);
    const after = await rowsOf(alice.viewer.id);
    expect(Object.entries(after).filter(([, rows]) => rows !== '[]' && rows !== '0')).toEqual([]);
    expect(await rowsOf(bob.viewer.id)).toEqual(bobBefore);
    console.log(
      `account deletion (${testDatabaseKind()}): ${Object.keys(aliceBefore).length} tables of the user emptied in one transaction; the other user's rows unchanged`,
    );
  });
});
