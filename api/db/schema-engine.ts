import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { migrationsDir, readMigrations } from './migrate.ts';
import { pgliteExtensions } from './database.ts';
import { projectRoot } from '../lib/project-root.ts';

/**
 * Prisma's schema engine, as WebAssembly, over an in-memory PGlite. The CLI's migrate commands
 * need a native engine that cannot be downloaded here; this runs the same engine to compute the
 * SQL Prisma would write for `schema.prisma` (see docs/architecture.md#migrations).
 */
export const schemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');

const filters = { externalTables: [], externalEnums: [] };

/** SQL that brings a database migrated by the committed migrations to `schema.prisma`; '' when none. */
export async function diffMigrationsToSchema(dir = migrationsDir): Promise<string> {
  const engine = await startEngine();
  try {
    const result = await engine.diff({
      from: { tag: 'migrations', ...migrationList(dir) },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: fs.readFileSync(schemaPath, 'utf8') }] },
      script: true,
      exitCode: true,
      filters,
    });
    return result.exitCode === 0 ? '' : (result.stdout ?? '');
  } finally {
    engine.free();
  }
}

function migrationList(dir: string) {
  const lockPath = path.join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: fs.existsSync(dir)
      ? readMigrations(dir).map((m) => ({
          path: m.name,
          migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: m.sql } },
        }))
      : [],
  };
}

async function startEngine() {
  const require = createRequire(import.meta.url);
  const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
  const bg = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), { './schema_engine_bg.js': bg });
  const exports = instance.exports as Record<string, unknown> & { __wbindgen_start(): void };
  bg.__wbg_set_wasm(exports);
  exports.__wbindgen_start();
  const extensions = await pgliteExtensions();
  const factory = new PrismaPGlite(new PGlite({ extensions }));
  // The engine replays the migrations in a shadow database of the factory's making: it needs the extensions too.
  factory.connectToShadowDb = () => new PrismaPGlite(new PGlite({ dataDir: 'memory://shadow', extensions })).connect();
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  try {
    return await bg.SchemaEngine.new({ datamodels: [[schemaPath, fs.readFileSync(schemaPath, 'utf8')]] }, () => {}, adapter);
  } catch (err) {
    const id = /External error id#(\d+)/.exec(String(err))?.[1];
    throw id ? new Error(String(adapter.errorRegistry.consumeError(Number(id))?.error ?? err)) : err;
  }
}
