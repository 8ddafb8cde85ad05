import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite (from the migrated template
 * that global-setup.ts made), or, when TEST_DB=postgres, a new database on TEST_DATABASE_URL
 * (a copy of the migrated template database global-setup.ts made, when there is one) that is
 * dropped on close.
 */
export async function createTestDatabase(kind = testDatabaseKind()): Promise<Database> {
  if (kind === 'postgres') return createPostgresTestDatabase();
  const template = process.env.PGLITE_TEMPLATE;
  const db = await openDatabase({
    kind: 'pglite-memory',
    loadDataDir: template && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined,
  });
  await migrate(db);
  return db;
}

export function testDatabaseKind(): 'postgres' | 'pglite' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A new PostgreSQL database on TEST_DATABASE_URL's server (empty, or a copy of `template`), and how to drop it. */
export async function createPostgresDatabaseUrl(template?: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `budget_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function createPostgresTestDatabase(): Promise<Database> {
  const { url, drop } = await createPostgresDatabaseUrl(process.env.POSTGRES_TEMPLATE);
  const db = await openDatabase({ kind: 'postgres', url });
  await migrate(db); // nothing left to apply on a copy of the template
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await close();
      await drop();
    },
  });
}
