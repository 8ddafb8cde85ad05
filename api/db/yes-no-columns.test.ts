import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../test/module-harness.ts';
import { readMigrations } from './migrate.ts';

const h = useModuleHarness();

/** The three yes/no columns as they were before the migration: integers, 1 for yes. */
const AS_INTEGERS = `
DROP INDEX "accounts_one_default_per_user";
ALTER TABLE "accounts" ALTER COLUMN "is_default" DROP DEFAULT,
  ALTER COLUMN "is_default" SET DATA TYPE INTEGER USING CASE WHEN "is_default" THEN 1 ELSE 0 END,
  ALTER COLUMN "is_default" SET DEFAULT 0;
ALTER TABLE "recurring_bills" ALTER COLUMN "is_active" DROP DEFAULT,
  ALTER COLUMN "is_active" SET DATA TYPE INTEGER USING CASE WHEN "is_active" THEN 1 ELSE 0 END,
  ALTER COLUMN "is_active" SET DEFAULT 1;
ALTER TABLE "savings_goals" ALTER COLUMN "is_completed" DROP DEFAULT,
  ALTER COLUMN "is_completed" SET DATA TYPE INTEGER USING CASE WHEN "is_completed" THEN 1 ELSE 0 END,
  ALTER COLUMN "is_completed" SET DEFAULT 0;
CREATE UNIQUE INDEX "accounts_one_default_per_user" ON "accounts"("user_id") WHERE (is_default = 1);`;

describe('the yes/no columns', () => {
  it('become booleans by their migration, every row keeping its answer, and REST still writes 0/1', async () => {
    const { rest, viewer } = await h.user();
    const first = (await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking' })).body;
    const second = (await rest('POST', '/api/accounts', { name: 'Savings', type: 'savings' })).body;
    const bill = (name: string, isActive: 0 | 1) =>
      rest('POST', '/api/recurring-bills', { name, amount: '10', frequency: 'monthly', dueDay: 1, nextDueDate: '2030-01-01', isActive });
    const made = [
      await bill('Rent', 1),
      await bill('Gym', 0),
      await rest('POST', '/api/savings-goals', { name: 'Done', targetAmount: '10', currentAmount: '10' }),
      await rest('POST', '/api/savings-goals', { name: 'Open', targetAmount: '10' }),
    ];
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const before = await Promise.all(['/api/accounts', '/api/recurring-bills', '/api/savings-goals'].map((p) => rest('GET', p)));

    const migration = readMigrations().find((m) => m.name.endsWith('_yes_no_columns_boolean'))!;
    await h.db.transaction((sql) => sql.exec(AS_INTEGERS));
    const stored = await h.db.prisma.$queryRawUnsafe<{ is_default: unknown }[]>(
      `SELECT is_default FROM accounts WHERE user_id = $1 ORDER BY created_at, id`,
      viewer.id,
    );
    expect(stored.map((r) => r.is_default)).toEqual([1, 0]);
    await h.db.transaction((sql) => sql.exec(migration.sql));

    const accounts = await h.db.prisma.account.findMany({ where: { userId: viewer.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    expect(accounts.map((a) => [a.id, a.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    const bills = await h.db.prisma.recurringBill.findMany({ where: { userId: viewer.id }, orderBy: { name: 'asc' } });
    expect(bills.map((b) => [b.name, b.isActive])).toEqual([
      ['Gym', false],
      ['Rent', true],
    ]);
    const goals = await h.db.prisma.savingsGoal.findMany({ where: { userId: viewer.id }, orderBy: { name: 'asc' } });
    expect(goals.map((g) => [g.name, g.isCompleted])).toEqual([
      ['Done', true],
      ['Open', false],
    ]);
    // REST answers exactly as before, and the one-default rule holds over the boolean.
    const after = await Promise.all(['/api/accounts', '/api/recurring-bills', '/api/savings-goals'].map((p) => rest('GET', p)));
    expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
    expect(before[0]!.body.map((a: { isDefault: number }) => a.isDefault)).toEqual([1, 0]);
    await expect(h.db.prisma.account.update({ where: { id: second.id }, data: { isDefault: true } })).rejects.toThrow();
  });
});
