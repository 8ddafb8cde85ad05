// npm run db:migrate: applies pending migrations to the configured database (the server also does at start).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { StartupError } from '../lib/startup-error.ts';

try {
  const config = loadConfig();
  const db = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(err instanceof StartupError ? `Cannot migrate: ${err.message}` : err);
  process.exit(1);
}
