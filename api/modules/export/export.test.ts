import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { getDatamodel } from '../../generated/pothos-types.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { createTestViewer } from '../../test/graphql-client.ts';
import { createOneOfEverything, SECRET } from '../../security/sweep-helpers.ts';
import { EXPORTED_TABLES, exportAll } from './export.service.ts';
import { notify } from '../reminders/notify.ts';

// "Export all my data" (docs/product.md#export-of-everything): every row of the user, exactly, and
// nothing of anyone else; read back into an empty database, it exports the same again.
const h = useModuleHarness();

/** The export key of a model: BudgetCategory → budgetCategories. */
const keyOf = (model: string) => `${model[0]!.toLowerCase()}${model.slice(1)}`.replace(/y$/, 'ie') + 's';
/** The Prisma delegate of an export key: budgetCategories → budgetCategory. */
const delegateOf = (key: string) => key.replace(/ies$/, 'y').replace(/s$/, '');

/**
 * What a future import does: the rows back into a database, for `userId` (dates parsed, yes/no
 * columns read from their 0/1, a bank link's token replaced).
 */
async function importInto(prisma: PrismaClient, userId: string, data: Record<string, unknown[]>) {
  for (const key of Object.keys(EXPORTED_TABLES)) {
    const model = delegateOf(key).replace(/^./, (c) => c.toUpperCase());
    const flags = new Set(
      getDatamodel()
        .datamodel.models[model as 'Account']!.fields.filter((f) => f.type === 'Boolean')
        .map((f) => f.name),
    );
    const rows = data[key]!.map((row) =>
      Object.fromEntries(
        Object.entries({
          ...(row as object),
          userId,
          ...(key === 'bankLinks' ? { plaidAccessToken: 'reconnect' } : {}),
          ...(key === 'bankConnections' ? { accessSecret: 'reconnect' } : {}),
        }).map(([k, v]) => [
          k,
          typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00.000Z`) : flags.has(k) ? (v as unknown) === 1 : v,
        ]),
      ),
    );
    const delegate = (prisma as unknown as Record<string, { createMany(args: { data: unknown[] }): Promise<unknown> }>)[delegateOf(key)]!;
    if (rows.length) await delegate.createMany({ data: rows });
  }
}

describe(`export of everything (${testDatabaseKind()})`, () => {
  it('holds every row of every table of the user, exactly, and reads back into an empty database unchanged', async () => {
    const alice = await h.user('Europe/Paris');
    const bob = await h.user();
    await createOneOfEverything(alice.gql);
    await createOneOfEverything(bob.gql);
    for (const who of [alice, bob]) {
      await notify(h.db.prisma, who.viewer.id, {
        kind: 'sync_failed',
        subject: 'bank',
        date: '2026-01-08',
        title: `${SECRET} sync failed`,
      });
    }
    const odd = ['0.10', '0.01', '9999999999.99'];
    for (const amount of odd) {
      await alice.rest('POST', '/api/transactions', { amount, description: `${SECRET} odd ${amount}`, date: '2026-02-28' });
    }
    // More than one batch (1000 rows) of a table.
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({
        userId: alice.viewer.id,
        amount: `${i}.${String(i % 100).padStart(2, '0')}`,
        description: `Bulk ${i}`,
        date: new Date(Date.UTC(2025, 0, 1 + (i % 365))),
      })),
    });
    await h.db.prisma.bankLink.create({
      data: { userId: alice.viewer.id, plaidAccessToken: 'ACCESS-TOKEN-OF-THE-SERVER', plaidItemId: 'item-1', institutionName: 'Bank' },
    });
    await h.db.prisma.bankConnection.create({
      data: {
        userId: alice.viewer.id,
        name: 'Bank',
        accessSecret: 'ACCESS-TOKEN-OF-THE-SERVER',
        accounts: { create: { userId: alice.viewer.id, remoteId: 'ACT-1', name: 'Checking', currency: 'USD', balance: '1.00' } },
      },
    });

    const res = await alice.rest('GET', '/api/export/all.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?budget_export_\d{4}-\d{2}-\d{2}\.json"?$/);
    const exported = res.body as Record<string, unknown> & { user: { id: string; createdAt: string } };
    expect(exported).toMatchObject({ format: 'budget-export', version: 1, user: { id: alice.viewer.id } });

    // Every user-owned table of the data model is in it (a new one must be added to EXPORTED_TABLES),
    // with exactly the user's rows.
    const owned = Object.entries(getDatamodel().datamodel.models)
      .filter(
        ([name, model]) =>
          // Sessions, tokens and memberships are not data; the rest are derived, kept by triggers from the records.
          ![
            'Session',
            'ApiToken',
            'BudgetMonthSpending',
            'BudgetMonthRevision',
            'TransactionTotal',
            'BudgetMember',
            'BudgetActivity',
          ].includes(name) && model.fields.some((f) => f.name === 'userId'),
      )
      .map(([name]) => keyOf(name));
    expect(Object.keys(EXPORTED_TABLES).sort()).toEqual(owned.sort());
    const counts: Record<string, number> = {};
    for (const key of owned) {
      const delegate = (h.db.prisma as unknown as Record<string, { count(args: object): Promise<number> }>)[delegateOf(key)]!;
      counts[key] = (exported[key] as unknown[]).length;
      expect(counts[key], key).toBe(await delegate.count({ where: { userId: alice.viewer.id } }));
      expect(counts[key], key).toBeGreaterThan(0);
    }
    const written = JSON.stringify(exported);
    for (const amount of odd) expect(written).toContain(`"amount":"${amount}"`);
    expect(written).not.toContain('ACCESS-TOKEN-OF-THE-SERVER');
    expect(written).not.toContain(bob.viewer.id);
    expect(written).not.toContain('"userId"');

    // Read back into an empty database, then exported again: the same document.
    const fresh = await createTestDatabase();
    try {
      await fresh.prisma.user.create({
        data: { ...exported.user, createdAt: new Date(exported.user.createdAt) } as never,
      });
      await importInto(fresh.prisma, alice.viewer.id, exported as unknown as Record<string, unknown[]>);
      const again = JSON.parse(await text(await exportAll({ ...(await createTestViewer(fresh)), id: alice.viewer.id, timeZone: 'UTC' })));
      expect({ ...again, exportedAt: null }).toEqual({ ...exported, exportedAt: null });
    } finally {
      await fresh.close();
    }
    console.log(
      `export (${testDatabaseKind()}): ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${owned.length} tables, exact to the cent, round trip through an empty database identical; nothing of the other user`,
    );
  });

  it('holds the other budgets the user owns, each with its own rows and every table; not a budget they only edit', async () => {
    const [alice, bob] = await Promise.all([h.user(), h.user()]);
    const made = async (who: typeof alice, name: string) => (await who.rest('POST', '/api/budgets', { name })).body.id as string;
    const [family, empty, bobs] = [await made(alice, 'Family'), await made(alice, 'Empty'), await made(bob, 'Bob’s')];
    const on = (who: typeof alice, budgetId: string) => (path: string, body: unknown) =>
      who.rest('POST', path, body, { 'x-budget-id': budgetId });
    await on(alice, family)('/api/accounts', { name: 'Joint', type: 'checking', balance: '10.00' });
    await on(alice, family)('/api/transactions', { amount: '4.20', description: 'Family groceries', date: '2026-01-02' });
    const invited = await bob.rest('POST', `/api/budgets/${bobs}/invitations`, { role: 'editor' });
    await alice.rest('POST', `/api/invitations/${(invited.body.url as string).split('/invitations/')[1]}/accept`, {});
    await on(alice, bobs)('/api/transactions', { amount: '9.99', description: 'Written for Bob', date: '2026-01-03' });

    const exported = (await alice.rest('GET', '/api/export/all.json')).body as {
      transactions: unknown[];
      otherBudgets: (Record<string, { description?: string; name?: string }[]> & { id: string; name: string })[];
    };
    expect(exported.transactions).toEqual([]);
    const budgetKeys = Object.keys(EXPORTED_TABLES).filter((key) => !EXPORTED_TABLES[key]!.personal);
    expect(exported.otherBudgets.map((b) => [b.id, b.name])).toEqual([
      [family, 'Family'],
      [empty, 'Empty'],
    ]);
    for (const budget of exported.otherBudgets) expect(Object.keys(budget).sort()).toEqual(['id', 'name', ...budgetKeys].sort());
    const [familyOut, emptyOut] = exported.otherBudgets;
    expect(familyOut!.transactions!.map((t) => t.description)).toEqual(['Family groceries']);
    expect(familyOut!.accounts!.map((a) => a.name)).toEqual(['Joint']);
    expect(budgetKeys.filter((key) => emptyOut![key]!.length > 0)).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain('Written for Bob');
  });

  it('is refused signed out', async () => {
    expect((await h.signedOut()('GET', '/api/export/all.json')).status).toBe(401);
  });
});
