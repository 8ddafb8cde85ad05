import fs from 'node:fs';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from './database.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { adapterView } from './pglite-parsers.ts';

// One value of each kind the adapter parses its own way, and some it leaves to PGlite.
const SQL = `SELECT 12.50::numeric AS n, ARRAY[1.5, 2]::numeric[] AS ns, DATE '2026-11-26' AS d,
  TIMESTAMP '2026-11-26 10:00:00' AS ts, TIMESTAMPTZ '2026-11-26 10:00:00+00' AS tz, '{"a": [1]}'::jsonb AS j,
  '{"b": 2}'::json AS js, 9007199254740993::int8 AS big, '\\x0102'::bytea AS bytes, 'text' AS t, true AS yes, 42 AS i`;
const STATEMENT = { sql: SQL, args: [], argTypes: [] };

const instances: PGlite[] = [];
/** A bare PGlite, from the migrated template the test run made (global-setup.ts): no initdb. */
async function pglite() {
  const instance = await PGlite.create({
    extensions: await pgliteExtensions(),
    loadDataDir: new Blob([fs.readFileSync(process.env.PGLITE_TEMPLATE!)]),
  });
  instances.push(instance);
  return instance;
}
afterAll(async () => {
  for (const instance of instances) await instance.close();
});

describe("PGlite as Prisma's adapter is given it", () => {
  it("parses the adapter's statements as before, without sending its parsers with each one", async () => {
    const plain = await pglite();
    const viewed = await pglite();
    const sent: (QueryOptions | undefined)[] = [];
    const query = viewed.query.bind(viewed);
    viewed.query = (sql, params, options) => {
      sent.push(options);
      return query(sql, params, options);
    };
    const { forAdapter } = adapterView(viewed);
    const expected = await (await new PrismaPGlite(plain).connect()).queryRaw(STATEMENT);
    expect(expected.rows[0]).toContain('12.50'); // the adapter's own parsing: numeric as text

    const adapter = await new PrismaPGlite(forAdapter).connect();
    expect(await adapter.queryRaw(STATEMENT)).toEqual(expected);
    expect(await adapter.queryRaw(STATEMENT)).toEqual(expected);
    expect(sent).toHaveLength(2);
    expect(sent.map((options) => options?.parsers)).toEqual([undefined, undefined]);

    const tx = await adapter.startTransaction();
    expect(await tx.queryRaw(STATEMENT)).toEqual(expected);
    await tx.commit();
  });

  it("gives the app's own statements PGlite's parsing, also once Prisma has run", async () => {
    const expected = (await (await pglite()).query(SQL)).rows;
    expect(expected[0]).toMatchObject({ tz: expect.any(Date), j: { a: [1] } });
    const db = await createTestDatabase('pglite');
    try {
      await db.prisma.$queryRawUnsafe(SQL);
      expect((await db.transaction((sql) => sql.query(SQL))).rows).toEqual(expected);
    } finally {
      await db.close();
    }
  });
});
