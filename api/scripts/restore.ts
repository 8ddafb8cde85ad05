// npm run restore -- <file> [--replace]: restores a backup into the configured database. A
// database that already holds data is only replaced with --replace, and then a backup of it is
// taken first, so a restore never loses anything.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { backupTo, isEmpty, restoreFrom } from '../db/backup.ts';
import { StartupError } from '../lib/startup-error.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
const file = positionals[0];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <backup file> [--replace]');
  process.exit(1);
}

try {
  const config = loadConfig();
  const db = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    if (!(await isEmpty(db).catch(() => true))) {
      if (!values.replace)
        throw new Error('The database already holds data. Run again with --replace to replace it (a backup of it is taken first).');
      const safety = path.resolve('backups', `pre-restore-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`);
      fs.mkdirSync(path.dirname(safety), { recursive: true });
      await backupTo(db, safety);
      console.log(`Saved the current data to ${safety}`);
    }
    const header = await restoreFrom(db, file);
    const rows = Object.values(header.counts).reduce((a, b) => a + b, 0);
    console.log(`Restored ${rows} rows (backup of ${header.createdAt} from ${header.source}) into ${db.kind}.`);
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(
    err instanceof StartupError ? `Cannot restore: ${err.message}` : `Cannot restore: ${err instanceof Error ? err.message : err}`,
  );
  process.exit(1);
}
