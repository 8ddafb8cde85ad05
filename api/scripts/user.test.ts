import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createPostgresDatabaseUrl, testDatabaseKind } from '../test/test-database.ts';
import { projectRoot } from '../lib/project-root.ts';

// `npm run user -- <command>` (docs/operations.md#managing-users), run as the operator runs it,
// against DATA_DIR's embedded database or DATABASE_URL.
let target: DatabaseTarget;
let env: Record<string, string>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') {
    const pg = await createPostgresDatabaseUrl();
    target = { kind: 'postgres', url: pg.url };
    env = { DATABASE_URL: pg.url };
    cleanup = pg.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-cli-'));
    target = { kind: 'pglite', dataDir: dir };
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await withDb(async (prisma) => {
    await prisma.localAccount.create({
      data: {
        id: 'ada',
        email: 'ada@example.com',
        passwordHash: 'x',
        firstName: 'Ada',
        lastName: 'Lovelace',
        totpSecret: 'JBSWY3DPEHPK3PXP',
      },
    });
    await prisma.user.create({ data: { id: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' } });
    await prisma.recoveryCode.create({ data: { accountId: 'ada', codeHash: 'h' } });
    await prisma.session.create({ data: { sid: 's1', sess: {}, expire: new Date(Date.now() + 60_000), userId: 'ada' } });
    await prisma.user.create({ data: { id: 'google|42', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' } });
  });
});
afterAll(() => cleanup?.());

// Each command is a process of its own (tsx, then the database): seconds each on a loaded machine.

/** Opens the command's database between runs (PGlite allows one process at a time). */
async function withDb<T>(fn: (prisma: Awaited<ReturnType<typeof openDatabase>>['prisma']) => Promise<T>) {
  const db = await openDatabase(target);
  try {
    await migrate(db);
    return await fn(db.prisma);
  } finally {
    await db.close();
  }
}

async function user(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'user', '--', ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe(`npm run user (${testDatabaseKind()})`, () => {
  it('runs every command against the configured database, and says what is wrong', async () => {
    const list = await user('list');
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+SIGN-IN\s+TWO-FACTOR\s+STATUS$/);
    expect(lines[1]).toMatch(/^ada@example\.com\s+Ada Lovelace\s+built-in\s+on\s+active$/);
    expect(lines[2]).toMatch(/^grace@example\.com\s+Grace Hopper\s+external\s+off\s+active$/);

    const reset = await user('reset-password', 'ADA@example.com');
    expect(reset.code).toBe(0);
    const password = /One-time password for \S+: (\S+)/.exec(reset.stdout)?.[1];
    expect((await user('disable', 'ada@example.com')).stdout).toContain('Disabled ada@example.com');
    expect((await user('enable', 'ada@example.com')).stdout).toContain('Enabled ada@example.com');
    expect((await user('remove-2fa', 'ada@example.com')).stdout).toContain('Two-factor sign-in is off for ada@example.com');
    await withDb(async (prisma) => {
      const account = await prisma.localAccount.findUniqueOrThrow({ where: { id: 'ada' } });
      expect(account).toMatchObject({ mustChangePassword: true, totpSecret: null });
      expect(await verify(account.passwordHash, password!)).toBe(true);
      expect(await prisma.session.count({ where: { userId: 'ada' } })).toBe(0);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: 'ada' } })).disabledAt).toBeNull();
    });

    expect(await user('disable', 'nobody@example.com')).toMatchObject({
      code: 1,
      stderr: 'Cannot disable: No user has the email nobody@example.com\n',
    });
    const usage = await user('remove-2fa');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run user -- <command>');
  }, 120_000);
});
