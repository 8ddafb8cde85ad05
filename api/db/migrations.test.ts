import { describe, expect, it } from 'vitest';
import { diffMigrationsToSchema } from './schema-engine.ts';
import { migrate, readMigrations } from './migrate.ts';
import { createTestDatabase, testDatabaseKind } from '../test/test-database.ts';

describe('migrations', () => {
  // The diff runs Prisma's engine over an in-memory PGlite whatever TEST_DB says: once is enough.
  it.runIf(testDatabaseKind() === 'pglite')(
    'agree with prisma/schema.prisma (run `npm run db:migration -- <name>` after changing it)',
    async () => {
      expect(await diffMigrationsToSchema()).toBe('');
    },
    60_000,
  );

  it(`apply once and are recorded like the Prisma CLI records them (${testDatabaseKind()})`, async () => {
    const db = await createTestDatabase();
    try {
      // createTestDatabase migrated already; concurrent runs must not apply anything again.
      const again = await Promise.all([migrate(db), migrate(db), migrate(db)]);
      expect(again.flat()).toEqual([]);
      const rows = await db.prisma.$queryRaw<{ migration_name: string; checksum: string }[]>`
        SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`;
      expect(rows).toEqual(readMigrations().map((m) => ({ migration_name: m.name, checksum: m.checksum })));
    } finally {
      await db.close();
    }
  });

  it('roll back a failing migration completely and leave it pending', async () => {
    const db = await createTestDatabase();
    try {
      const broken = { name: '99999999999999_broken', sql: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;', checksum: 'x' };
      await expect(migrate(db, [broken])).rejects.toThrow(/no_such_table/);
      const tables = await db.prisma.$queryRaw<unknown[]>`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`;
      expect(tables).toHaveLength(0);
      const recorded = await db.prisma.$queryRaw<unknown[]>`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = ${broken.name}`;
      expect(recorded).toHaveLength(0);
    } finally {
      await db.close();
    }
  });
});
