// npm run backup [-- <file>]: a consistent backup of the configured database (PGlite or PostgreSQL).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { backupTo } from '../db/backup.ts';
import { StartupError } from '../lib/startup-error.ts';

try {
  const config = loadConfig();
  const file = path.resolve(process.argv[2] ?? path.join('backups', `budget-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const header = await backupTo(db, file);
    const rows = Object.values(header.counts).reduce((a, b) => a + b, 0);
    console.log(`Backed up ${rows} rows from ${db.kind} to ${file}`);
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(
    err instanceof StartupError ? `Cannot back up: ${err.message}` : `Cannot back up: ${err instanceof Error ? err.message : err}`,
  );
  process.exit(1);
}
