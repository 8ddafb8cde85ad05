import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { buildServer } from '../scripts/build-server.ts';

/**
 * Once per run: the server bundle (the process-level tests start it), and a migrated PGlite,
 * dumped, so each test file loads it instead of running initdb.
 */
export default async function setup() {
  await buildServer();
  if (process.env.TEST_DB === 'postgres') return;
  const db = await openDatabase({ kind: 'pglite-memory' });
  await migrate(db);
  const dump = await db.dumpDataDir!();
  await db.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'budget-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
