import type session from 'express-session';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase, testDatabaseKind } from '../test/test-database.ts';
import type { Request } from 'express';
import { PrismaSessionStore, rolesReadWithSession } from './session-store.ts';
import { SessionCache, watchedSessionCache } from './session-cache.ts';
import { endSessions } from './end-sessions.ts';

// The session store on the database (a signed-in request reads its session through it), and on
// PGlite the copy it keeps in memory, which every writer of the tables must keep current.
let db: Database;
let store: PrismaSessionStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PrismaSessionStore(db.prisma, 60_000, await watchedSessionCache(db));
});
afterAll(async () => {
  store?.close();
  await db?.close();
});

const signedIn = (userId: string, note = 'first'): session.SessionData =>
  ({ cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) }, passport: { user: userId }, note }) as never;
const read = (sid: string) =>
  new Promise<session.SessionData | null | undefined>((resolve, reject) => store.get(sid, (err, s) => (err ? reject(err) : resolve(s))));
/** The roles a request reading the session `sid` gets with it (as express-session hands the data read on). */
const rolesRead = async (sid: string) => {
  const req = {} as Request;
  const sess = await read(sid);
  if (sess) store.createSession(req, sess);
  return sess ? rolesReadWithSession(req, (sess as unknown as { passport: { user: string } }).passport.user) : undefined;
};
const write = (sid: string, sess: session.SessionData) =>
  new Promise<void>((resolve, reject) => store.set(sid, sess, (err) => (err ? reject(err) : resolve())));

beforeEach(async () => {
  await db.prisma.session.deleteMany();
  await db.prisma.user.deleteMany();
  await db.prisma.user.createMany({ data: [{ id: 'ada' }, { id: 'grace' }] });
  await write('s-ada', signedIn('ada'));
  await write('s-grace', signedIn('grace'));
  // Read once: on PGlite these are now served from memory.
  expect(await read('s-ada')).toMatchObject({ note: 'first' });
  expect(await read('s-grace')).toMatchObject({ note: 'first' });
});

describe(`session store (${testDatabaseKind()})`, () => {
  it("leaves out the same data written again within a minute: a sign-in's late second save puts back nothing", async () => {
    const sess = signedIn('ada', 'signed in');
    await write('s-new', sess);
    // Ended at once (signed out), then express-session's copy of the same save arrives.
    await db.prisma.session.deleteMany({ where: { sid: 's-new' } });
    await write('s-new', structuredClone(sess));
    expect(await db.prisma.session.count({ where: { sid: 's-new' } })).toBe(0);
    // Changed meanwhile, then the same copy: the change stays; anything else is written.
    const second = signedIn('ada', 'second');
    await write('s-ada', second);
    await db.prisma.session.update({ where: { sid: 's-ada' }, data: { sess: { note: 'changed meanwhile' } } });
    await write('s-ada', structuredClone(second));
    expect((await db.prisma.session.findUniqueOrThrow({ where: { sid: 's-ada' } })).sess).toEqual({ note: 'changed meanwhile' });
    await write('s-ada', signedIn('ada', 'third'));
    expect((await db.prisma.session.findUniqueOrThrow({ where: { sid: 's-ada' } })).sess).toMatchObject({ note: 'third' });
  });

  it('reads what it last wrote, and nothing for an unknown id', async () => {
    await write('s-ada', signedIn('ada', 'second'));
    expect(await read('s-ada')).toMatchObject({ note: 'second', passport: { user: 'ada' } });
    expect(await read('nope')).toBeNull();
  });

  it("gives each request its own copy: one request's changes are not another's", async () => {
    const first = (await read('s-ada')) as unknown as { passport: { user?: string } };
    delete first.passport.user;
    expect(await read('s-ada')).toMatchObject({ passport: { user: 'ada' } });
  });

  it('reads no session once anything ends it: its user signed out everywhere, a statement of any kind, a disabled or deleted user, its expiry', async () => {
    await endSessions(db.prisma, 'ada');
    expect(await read('s-ada')).toBeNull();
    expect(await read('s-grace')).not.toBeNull();

    await db.prisma.user.update({ where: { id: 'grace' }, data: { disabledAt: new Date() } });
    expect(await read('s-grace')).toBeNull();
    await db.prisma.user.update({ where: { id: 'grace' }, data: { disabledAt: null } });
    expect(await read('s-grace')).not.toBeNull();

    await db.prisma.$executeRaw`UPDATE session SET expire = now() AT TIME ZONE 'UTC' - interval '1 minute' WHERE sid = 's-grace'`;
    expect(await read('s-grace')).toBeNull();

    await write('s-grace', signedIn('grace'));
    expect(await read('s-grace')).not.toBeNull();
    await db.transaction((sql) => sql.exec(`DELETE FROM users WHERE id = 'grace'`));
    expect(await read('s-grace')).toBeNull();
  });

  it('reads no session once the table is emptied (a restore empties it)', async () => {
    await db.transaction((sql) => sql.exec('TRUNCATE session'));
    expect([await read('s-ada'), await read('s-grace')]).toEqual([null, null]);
  });

  it('ends a session destroyed by the store (sign-out)', async () => {
    await new Promise<void>((resolve) => store.destroy('s-ada', () => resolve()));
    expect(await read('s-ada')).toBeNull();
  });

  it("reads the user's role in each budget with the session, current after every change of membership", async () => {
    // Each user is the owner of their personal budget (its id is theirs).
    expect(await rolesRead('s-ada')).toEqual({ ada: 'owner' });
    await db.prisma.budget.create({ data: { id: 'home', name: 'Home', members: { create: [{ userId: 'ada', role: 'owner' }] } } });
    expect(await rolesRead('s-ada')).toEqual({ ada: 'owner', home: 'owner' });
    await db.prisma.budgetMember.create({ data: { budgetId: 'home', userId: 'grace', role: 'editor' } });
    expect(await rolesRead('s-grace')).toEqual({ grace: 'owner', home: 'editor' });
    await db.prisma.budgetMember.update({ where: { budgetId_userId: { budgetId: 'home', userId: 'grace' } }, data: { role: 'viewer' } });
    expect(await rolesRead('s-grace')).toEqual({ grace: 'owner', home: 'viewer' });
    await db.prisma.budgetMember.deleteMany({ where: { userId: 'grace', budgetId: 'home' } });
    expect(await rolesRead('s-grace')).toEqual({ grace: 'owner' });
    await db.prisma.budget.delete({ where: { id: 'home' } });
    expect(await rolesRead('s-ada')).toEqual({ ada: 'owner' });
    // Another user's roles are never taken for the request's (a sign-in changes its user).
    const req = {} as Request;
    store.createSession(req, (await read('s-ada'))!);
    expect(rolesReadWithSession(req, 'grace')).toBeUndefined();
  });

  it.runIf(testDatabaseKind() === 'pglite')('on PGlite, serves a session it has read from memory, without a statement', async () => {
    // A change made behind the triggers' back (they are off for this one statement) is not seen:
    // the read did not reach the table.
    await db.transaction((sql) =>
      sql.exec(`ALTER TABLE session DISABLE TRIGGER session_changed;
        UPDATE session SET sess = jsonb_set(sess, '{note}', '"behind its back"') WHERE sid = 's-ada';
        ALTER TABLE session ENABLE TRIGGER session_changed;`),
    );
    expect(await read('s-ada')).toMatchObject({ note: 'first' });
    await db.prisma.session.update({ where: { sid: 's-ada' }, data: { lastUsedAt: new Date() } });
    expect(await read('s-ada')).toMatchObject({ note: 'behind its back' });
  });
});

describe('session cache', () => {
  const entry = { sess: { note: 'old' } as never, userId: 'ada', expiresAt: Date.now() + 60_000, roles: {} };

  it('does not keep a read that a change overtook (it may hold what the change ended)', () => {
    const cache = new SessionCache();
    const version = cache.readStarts();
    cache.changed('session:s1');
    cache.keep('s1', entry, version);
    expect(cache.get('s1')).toBeUndefined();
    cache.keep('s1', entry, cache.readStarts());
    expect(cache.get('s1')).toMatchObject({ userId: 'ada' });
  });

  it("drops a user's sessions when the user changes, and a session past its expiry", () => {
    const cache = new SessionCache();
    cache.keep('s1', entry, cache.readStarts());
    cache.keep('s2', { ...entry, userId: 'grace' }, cache.readStarts());
    cache.keep('s3', { ...entry, expiresAt: Date.now() - 1 }, cache.readStarts());
    cache.changed('users:ada');
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')].map((e) => e?.userId)).toEqual([undefined, 'grace', undefined]);
  });
});
