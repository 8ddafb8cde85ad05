import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { buildServer } from '../scripts/build-server.ts';
import { createPostgresDatabaseUrl } from './test-database.ts';

/**
 * Once per run: the server bundle (the process-level tests start it), a migrated PGlite, dumped,
 * so each test file loads it instead of running initdb, and, with TEST_DATABASE_URL, a migrated
 * PostgreSQL database that each test file's database is copied from instead of migrating.
 */
export default async function setup() {
  await buildServer();
  const db = await openDatabase({ kind: 'pglite-memory' });
  await migrate(db);
  const dump = await db.dumpDataDir!();
  await db.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'budget-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  const template = process.env.TEST_DATABASE_URL ? await postgresTemplate() : undefined;
  return async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await template?.drop();
  };
}

async function postgresTemplate() {
  const template = await createPostgresDatabaseUrl();
  const db = await openDatabase({ kind: 'postgres', url: template.url });
  await migrate(db);
  await db.close(); // a template must have no connections while it is copied
  process.env.POSTGRES_TEMPLATE = new URL(template.url).pathname.slice(1);
  return template;
}
