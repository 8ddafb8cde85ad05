// The import scenario of `npm run bench` (docs/product.md#import): a bank CSV of `rows` rows
// (Chase's layout, ~100 bytes a row: 100,000 rows ≈ 10 MB) previewed, imported into an account
// and previewed again (every row then a duplicate), through the service on a database of its own
// (in-memory PGlite, or a new database on the benchmark's PostgreSQL server).
import { createTestDatabase } from '../api/test/test-database.ts';
import { createTestViewer } from '../api/test/graphql-client.ts';
import { commitImport, previewImport } from '../api/modules/imports/imports.service.ts';

export interface ImportResult {
  rows: number;
  megabytes: number;
  previewSeconds: number;
  importSeconds: number;
  previewAgainSeconds: number;
  imported: number;
  duplicatesFound: number;
}

const MERCHANTS = [
  'WHOLEFDS MKT',
  'STARBUCKS STORE',
  'SHELL OIL',
  'AMAZON.COM*MKTP',
  'TRADER JOE S',
  'UBER TRIP',
  'NETFLIX.COM',
  'CITY POWER',
];

/** A card statement: 30 rows a day from 2015 on, every 50th a payment in (income), the rest purchases (negative). */
function statement(rows: number) {
  const lines = ['Transaction Date,Post Date,Description,Category,Type,Amount,Memo'];
  for (let i = 0; i < rows; i++) {
    const d = new Date(Date.UTC(2015, 0, 1) + Math.floor(i / 30) * 86_400_000);
    const day = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const cents = String(i % 100).padStart(2, '0');
    const amount = `${i % 50 === 0 ? '' : '-'}${((i * 7919) % 5000) + 1}.${cents}`; // never 0.00 (a row error)
    lines.push(`${day},${day},"${MERCHANTS[i % MERCHANTS.length]} #${i} SAN FRANCISCO CA",Shopping,Sale,${amount},memo ${i}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function importScenario(rows: number, databaseUrl?: string): Promise<ImportResult> {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  const db = await createTestDatabase(databaseUrl ? 'postgres' : 'pglite');
  try {
    const viewer = await createTestViewer(db);
    const account = await db.prisma.account.create({ data: { userId: viewer.id, name: 'Card', type: 'credit' } });
    const input = { fileName: 'statement.csv', content: statement(rows), accountId: account.id };
    const seconds = async <T>(run: () => Promise<T>) => {
      const t0 = performance.now();
      const value = await run();
      return [(performance.now() - t0) / 1000, value] as const;
    };
    const [previewSeconds] = await seconds(() => previewImport(viewer, input));
    const [importSeconds, result] = await seconds(() => commitImport(viewer, input));
    // Rows alike enough to be taken for one another (same amount within 3 days) are left unticked, as in the app.
    const handled = result.transactions + result.paychecks + result.skipped;
    if (handled !== rows) throw new Error(`imported or skipped ${handled} of ${rows} rows`);
    const [previewAgainSeconds, again] = await seconds(() => previewImport(viewer, input));
    return {
      rows,
      megabytes: Buffer.byteLength(input.content) / 1024 / 1024,
      previewSeconds,
      importSeconds,
      previewAgainSeconds,
      imported: result.transactions + result.paychecks,
      duplicatesFound: again.rows.filter((r) => r.duplicateOf).length,
    };
  } finally {
    await db.close();
  }
}
