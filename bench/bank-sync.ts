// npm run bench:bank-sync [-- --transactions 1000]: one bank sync of `transactions` new transactions
// (docs/performance.md#bank-sync; the budget: 1,000 in ≤ 5 s), against the test SimpleFIN Bridge
// over real HTTP on 127.0.0.1, into an account that already holds 10,000 records, through the
// service as "Sync now" runs it; then the second sync, which imports nothing. A database of its
// own: in-memory PGlite, or a new database on DATABASE_URL's PostgreSQL server.
import { parseArgs } from 'node:util';
import { createTestDatabase } from '../api/test/test-database.ts';
import { createTestViewer } from '../api/test/graphql-client.ts';
import { finAccount, finTransaction, startSimpleFinServer } from '../api/test/simplefin-server.ts';
import { connectBank, linkBankAccounts, syncConnection } from '../api/modules/connections/connections.service.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', default: '1000' } } });
const count = Number.parseInt(values.transactions!, 10);
const MERCHANTS = ['WHOLEFDS MKT 10234', 'SQ *BLUE BOTTLE COFFEE', 'AMZN Mktp US*2K4', 'SHELL OIL 5744', 'UBER *TRIP', 'CITY POWER'];

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const db = await createTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'pglite');
const bridge = await startSimpleFinServer();
try {
  const viewer = await createTestViewer(db);
  const account = await db.prisma.account.create({ data: { userId: viewer.id, name: 'Checking', type: 'checking' } });
  // What the account already holds: 10,000 records over the same 90 days (what a sync's preview reads against).
  await db.prisma.transaction.createMany({
    data: Array.from({ length: 10_000 }, (_, i) => ({
      userId: viewer.id,
      accountId: account.id,
      amount: `${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`,
      description: `Earlier ${i}`,
      date: new Date(Date.now() - (i % 90) * 86_400_000),
    })),
  });
  const transactions = Array.from({ length: count }, (_, i) =>
    finTransaction(
      `SFIN-${i}`,
      `${i % 25 === 0 ? '' : '-'}${(i * 7919) % 3000}.${String((i % 99) + 1).padStart(2, '0')}`,
      `${MERCHANTS[i % MERCHANTS.length]} ${i}`,
      i % 85,
    ),
  );
  const { token } = bridge.setupToken([finAccount('ACT-1', { name: 'Everyday Checking', balance: '1000.00', transactions })]);
  const connection = await connectBank(viewer, { setupToken: token });
  await linkBankAccounts(viewer, connection.id, { links: [{ remoteId: 'ACT-1', accountId: account.id }] });
  const timed = async () => {
    const t0 = performance.now();
    const result = await syncConnection(viewer, connection.id);
    return { ...result, seconds: (performance.now() - t0) / 1000 };
  };
  const first = await timed();
  if (first.imported + first.matched !== count) throw new Error(`synced ${first.imported} + ${first.matched} of ${count}`);
  const second = await timed();
  if (second.imported !== 0) throw new Error(`the second sync imported ${second.imported}`);
  console.log(
    `Bank sync (${db.kind}) of ${count.toLocaleString('en-US')} new transactions into an account of 10,000 records: ` +
      `${first.seconds.toFixed(2)} s (${first.imported} imported, ${first.matched} matched); the second sync ${second.seconds.toFixed(2)} s (nothing new)`,
  );
} finally {
  await bridge.close();
  await db.close();
}
