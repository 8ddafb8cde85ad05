import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { startMaintenance } from './maintenance.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-wal-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The embedded database's WAL stays small: small segments, and checkpoints that delete what they no longer need. */
describe('PGlite data folder WAL', () => {
  it('keeps at most a few MB of WAL after the maintenance checkpoint', { timeout: 60_000 }, async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const walBytes = async () => {
        const [row] = await db.prisma.$queryRawUnsafe<{ bytes: number }[]>(
          'SELECT coalesce(sum(size), 0)::int AS bytes FROM pg_ls_waldir()',
        );
        return row!.bytes;
      };
      await db.prisma.$executeRawUnsafe(
        'CREATE TABLE wal_filler AS SELECT g, repeat(md5(g::text), 8) AS t FROM generate_series(1, 100000) g',
      );
      await db.prisma.$executeRawUnsafe('DROP TABLE wal_filler');
      expect(await walBytes()).toBeGreaterThan(16 * 2 ** 20);
      const stop = await startMaintenance(db, (err) => {
        throw err;
      });
      stop();
      expect(await walBytes()).toBeLessThanOrEqual(4 * 2 ** 20);
    } finally {
      await db.close();
    }
  });
});
