// npm run seed:heavy [-- --transactions 100000]: loads the heavy-user dataset into the configured
// database (DATA_DIR's PGlite, or DATABASE_URL). Stop the server first when using PGlite.
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { StartupError } from '../api/lib/startup-error.ts';
import { HEAVY_USER, seedHeavy } from '../api/test/heavy-dataset.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', default: '100000' } } });
const transactions = Number.parseInt(values.transactions!, 10);
if (!Number.isInteger(transactions) || transactions < 1) {
  console.error('--transactions must be a positive whole number');
  process.exit(1);
}

try {
  const config = loadConfig();
  const started = Date.now();
  const db = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrate(db);
    await seedHeavy(db.prisma, { transactions, log: (line) => console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`) });
  } finally {
    await db.close();
  }
  console.log(`Seeded ${transactions} transactions in ${((Date.now() - started) / 1000).toFixed(1)} s on ${db.kind}.`);
  console.log(`Sign in as ${HEAVY_USER.email} / ${HEAVY_USER.password}`);
} catch (err) {
  console.error(err instanceof StartupError ? `Cannot seed: ${err.message}` : err);
  process.exit(1);
}
