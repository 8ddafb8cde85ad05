import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { Decimal } from '../lib/money.ts';
import { today } from '../lib/dates.ts';
import { createTestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { createTestViewer, graphqlAs } from '../test/graphql-client.ts';
import { startRestServer } from '../test/rest-client.ts';

// Enough rows for the REST list and the CSV export to stream 10 batches of 2,000 each. A float sum
// of these amounts rounds to the same cents even at 100,000 rows: more rows would not catch more
// (the lint rule keeps floats out).
const ROWS = 20_000;
let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

/** The amount of row g: odd cents from 0.01 to 999.99, the kind of values floats add up wrong. */
const amountOf = (g: number) => new Decimal(((g * 7919) % 99_999) + 1).div(100);

describe(`money over ${ROWS.toLocaleString('en-US')} rows (${testDatabaseKind()})`, () => {
  it('the report, the dashboard, the REST list and the CSV total exactly the decimal sum', async () => {
    const viewer = await createTestViewer(db);
    await db.prisma.$executeRaw`
      INSERT INTO transactions (id, user_id, amount, description, date, created_at)
      SELECT gen_random_uuid()::text, ${viewer.id}, (((g * 7919) % 99999) + 1) / 100.0, 'row ' || g, ${today('UTC')}::timestamptz, now()
      FROM generate_series(1, ${ROWS}) AS g`;
    let expected = new Decimal(0);
    let asFloat = 0;
    for (let g = 1; g <= ROWS; g++) {
      expected = expected.plus(amountOf(g));
      asFloat += amountOf(g).toNumber(); // what a float-based app would show
    }
    const gql = graphqlAs(db, viewer);
    const report = (await gql(`{ viewer { report(period: WEEK) { totalSpent transactionCount } dashboard { totalSpent } } }`)).data.viewer;
    expect(report.report).toEqual({ totalSpent: expected.toFixed(2), transactionCount: ROWS });
    expect(report.dashboard.totalSpent).toBe(expected.toFixed(2));

    const rest = await startRestServer(db);
    try {
      const call = rest.as(viewer);
      const list = (await call('GET', '/api/transactions')).body as { amount: string }[];
      expect(list).toHaveLength(ROWS);
      expect(list.reduce((s, t) => s.plus(t.amount), new Decimal(0)).toFixed(2)).toBe(expected.toFixed(2));
      const csv = (await call('GET', '/api/export/transactions.csv')).text.trim().split('\n').slice(1);
      expect(csv.reduce((s, line) => s.plus(line.split(',').at(-2)!), new Decimal(0)).toFixed(2)).toBe(expected.toFixed(2));
    } finally {
      await rest.close();
    }
    console.log(`money: ${ROWS} rows, exact total ${expected.toFixed(2)}; a float sum would say ${asFloat}`);
  }, 300_000);
});
