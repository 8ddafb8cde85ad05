import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { listUsers, removeTwoFactor, resetPassword, setDisabled } from './user-admin.ts';
import { hashToken, authenticateApiToken } from '../modules/tokens/tokens.service.ts';

// What each command of `npm run user` does to the database (the command itself: api/scripts/user.test.ts).
let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  const prisma = db.prisma;
  await prisma.localAccount.create({
    data: { id: 'ada', email: 'ada@example.com', passwordHash: 'x', firstName: 'Ada', lastName: 'L', totpSecret: 'JBSWY3DPEHPK3PXP' },
  });
  await prisma.user.create({ data: { id: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' } });
  await prisma.user.create({ data: { id: 'ext|1', email: 'Grace@Example.com', firstName: 'Grace', lastName: 'H' } });
  await prisma.recoveryCode.create({ data: { accountId: 'ada', codeHash: 'h' } });
  await prisma.apiToken.create({
    data: { userId: 'ext|1', budgetId: 'ext|1', name: 'cron', tokenHash: hashToken(`bgt_${'g'.repeat(43)}`), canWrite: false },
  });
});
afterAll(() => db?.close());

const session = (sid: string, userId: string) =>
  db.prisma.session.create({ data: { sid, sess: {}, expire: new Date(Date.now() + 60_000), userId } });
const provider = (id: string, accountId: string) => db.prisma.oidcPayload.create({ data: { type: 'Session', id, payload: { accountId } } });

describe(`user administration (${testDatabaseKind()})`, () => {
  it('resets a password to a one-time one and ends every session of the account', async () => {
    await session('a1', 'ada');
    await session('g1', 'ext|1');
    await provider('p1', 'ada');
    const password = await resetPassword(db.prisma, ' ADA@example.com ');
    const account = await db.prisma.localAccount.findUniqueOrThrow({ where: { id: 'ada' } });
    expect(account.mustChangePassword).toBe(true);
    expect(await verify(account.passwordHash, password)).toBe(true);
    expect(await db.prisma.session.findMany({ select: { sid: true } })).toEqual([{ sid: 'g1' }]);
    expect(await db.prisma.oidcPayload.count()).toBe(0);
    await expect(resetPassword(db.prisma, 'grace@example.com')).rejects.toThrow('No built-in account has the email grace@example.com');
    expect((await listUsers(db.prisma)).map((u) => u.status)).toEqual(['must change password', 'active']);
  });

  it('disables a user (any provider): sessions end and tokens stop; enabling brings the tokens back', async () => {
    const token = `bgt_${'g'.repeat(43)}`;
    expect(await authenticateApiToken(db.prisma, token)).not.toBeNull();
    await setDisabled(db.prisma, 'grace@example.com', true);
    expect(await db.prisma.session.count({ where: { userId: 'ext|1' } })).toBe(0);
    expect(await authenticateApiToken(db.prisma, token)).toBeNull();
    expect((await listUsers(db.prisma)).find((u) => u.email === 'Grace@Example.com')?.status).toBe('disabled');
    await setDisabled(db.prisma, 'GRACE@example.com', false);
    expect(await authenticateApiToken(db.prisma, token)).not.toBeNull();
    await expect(setDisabled(db.prisma, 'nobody@example.com', true)).rejects.toThrow('No user has the email nobody@example.com');
  });

  it('turns off two-factor sign-in, recovery codes included', async () => {
    expect((await listUsers(db.prisma))[0]).toMatchObject({ email: 'ada@example.com', signIn: 'built-in', twoFactor: true });
    await removeTwoFactor(db.prisma, 'ada@example.com');
    expect(await db.prisma.localAccount.findUniqueOrThrow({ where: { id: 'ada' } })).toMatchObject({ totpSecret: null });
    expect(await db.prisma.recoveryCode.count()).toBe(0);
    expect((await listUsers(db.prisma))[1]).toMatchObject({ signIn: 'external', twoFactor: false });
  });
});
