// npm run db:migration -- <name>: writes the SQL Prisma would generate for the changes in
// prisma/schema.prisma since the last migration, as prisma/migrations/<timestamp>_<name>/.
import fs from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../db/migrate.ts';
import { diffMigrationsToSchema } from '../db/schema-engine.ts';

const name = (process.argv[2] ?? '')
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_|_$/g, '');
if (!name) {
  console.error('Usage: npm run db:migration -- <name>');
  process.exit(1);
}
const sql = await diffMigrationsToSchema();
if (!sql.trim()) {
  console.log('prisma/schema.prisma and the migrations agree: nothing to write.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
