import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import { BankBridgeError, BusyError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { encryptionKey, seal, unseal } from '../../lib/encryption.ts';
import { lockOwner } from '../../lib/owner-lock.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Owner, type Viewer } from '../../lib/viewer.ts';
import { connectBankInput, linkBankAccountsInput } from '../../../shared/inputs/connections.ts';
import { createAccount } from '../accounts/accounts.service.ts';
import { previewRows, writePreviewRows, type PreviewRow, type RowChoices } from '../imports/imports.service.ts';
import { plainMovement } from '../imports/movement.ts';
import { notify } from '../reminders/notify.ts';
import { bridgeRows } from './bridge-rows.ts';
import { claimAccessUrl, claimUrlOf, fetchAccounts, type AccountSet } from './simplefin.ts';
import { budgetOwnerId } from '../budgets/budgets.service.ts';

/**
 * Bank connections through a SimpleFIN Bridge (docs/product.md#bank-sync): connect with a setup
 * token, link the bridge's accounts to the user's, and sync: fetch what is new and import it
 * through the same preview as a file (`previewRows` + `writePreviewRows`), so every rule of an
 * import applies. A sync is claimed on its connection's row first, so one runs at a time for a
 * connection, in every process (the scheduled ones: sync-schedule.ts).
 */

/** How long a claimed sync may run before another may take the connection over (its process died). */
export const SYNC_LEASE_MS = 10 * 60_000;
/** A first sync reaches this far back; later ones from the last good sync, less this overlap (late postings). */
const FIRST_SYNC_DAYS = 90;
const OVERLAP_DAYS = 14;
const DAY_MS = 86_400_000;

const WITH_ACCOUNTS = {
  accounts: { orderBy: [{ name: 'asc' }, { id: 'asc' }], include: { account: { select: { id: true, name: true, balance: true } } } },
} satisfies Prisma.BankConnectionInclude;
export type ConnectionWithAccounts = Prisma.BankConnectionGetPayload<{ include: typeof WITH_ACCOUNTS }>;
export type ConnectionAccount = ConnectionWithAccounts['accounts'][number];

/**
 * The bridge's balance less the linked account's (docs/product.md#bank-sync): zero when they
 * agree, null when the bridge's account syncs into none.
 */
export function balanceDifference(a: { balance: Prisma.Decimal; account: { balance: Prisma.Decimal } | null }) {
  return a.account ? a.balance.minus(a.account.balance) : null;
}

/** Whether a sync of the connection is running now (claimed, within its lease). */
export function isSyncing(c: { syncStartedAt: Date | null }, now = new Date()) {
  return c.syncStartedAt !== null && c.syncStartedAt.getTime() > now.getTime() - SYNC_LEASE_MS;
}

export interface SyncResult {
  /** Records written. */
  imported: number;
  /** Rows that matched a record already there (entered by hand, or from a file), left out. */
  matched: number;
  /** Of those written, the ones still pending at the bank. */
  pending: number;
}

const CONNECTION_ORDER: Prisma.BankConnectionOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

/** The user's connections, oldest first, with their accounts. */
export function listConnections(viewer: Viewer) {
  return viewer.prisma.bankConnection.findMany({ where: owned(viewer), include: WITH_ACCOUNTS, orderBy: CONNECTION_ORDER });
}

/** The same, with what a GraphQL selection asks for. */
export function findConnections(viewer: Viewer, query: Omit<Prisma.BankConnectionFindManyArgs, 'where' | 'orderBy'>) {
  return viewer.prisma.bankConnection.findMany({ ...query, where: owned(viewer), orderBy: CONNECTION_ORDER });
}

export async function getConnection(viewer: Viewer, id: string): Promise<ConnectionWithAccounts> {
  const found = await viewer.prisma.bankConnection.findFirst({ where: { id, ...owned(viewer) }, include: WITH_ACCOUNTS });
  if (!found) throw new NotFoundError('Connection');
  return found;
}

/**
 * Claims a setup token and keeps the access URL it answers, sealed. Then lists the bridge's
 * accounts: if that fails, the connection is kept (the token cannot be claimed twice) with the
 * error on it, and its accounts come with the next sync.
 */
export async function connectBank(viewer: Viewer, input: unknown): Promise<ConnectionWithAccounts> {
  const { setupToken } = parseInput(connectBankInput, input);
  const accessUrl = await claimAccessUrl(claimUrlOf(setupToken));
  const key = await encryptionKey(viewer.prisma);
  const connection = await viewer.prisma.bankConnection.create({
    data: { userId: viewer.budgetId, name: 'SimpleFIN Bridge', accessSecret: seal(key, accessUrl) },
  });
  try {
    const set = await fetchAccounts(accessUrl, new Date(Date.now() - DAY_MS), { balancesOnly: true });
    await viewer.prisma.$transaction((tx) => keepAccounts(tx, viewer, connection.id, set));
  } catch (err) {
    if (!(err instanceof BankBridgeError)) throw err;
    await recordFailure(viewer.prisma, viewer, connection.id, err.message);
  }
  viewer.events.publish(viewer.budgetId);
  return getConnection(viewer, connection.id);
}

/** The bridge's accounts as it lists them now: names and balances updated, new ones added (not linked). */
async function keepAccounts(tx: Prisma.TransactionClient, owner: Owner, connectionId: string, set: AccountSet) {
  for (const a of set.accounts) {
    const data = {
      name: a.name.slice(0, 200) || a.id.slice(0, 200),
      org: a.org.name?.slice(0, 200) ?? a.org.domain?.slice(0, 200) ?? null,
      currency: a.currency,
      balance: new Prisma.Decimal(a.balance).toDecimalPlaces(2),
      balanceDate: new Date(a['balance-date'] * 1000),
    };
    await tx.bankConnectionAccount.upsert({
      where: { connectionId_remoteId: { connectionId, remoteId: a.id } },
      create: { ...data, userId: owner.budgetId, connectionId, remoteId: a.id },
      update: data,
    });
  }
  const orgs = [...new Set(set.accounts.map((a) => a.org.name ?? a.org.domain).filter(Boolean))];
  if (orgs.length) await tx.bankConnection.update({ where: { id: connectionId }, data: { name: orgs.join(', ').slice(0, 200) } });
}

/** Links each of the bridge's accounts named to one of the user's accounts, to none, or to a new one. */
export async function linkBankAccounts(viewer: Viewer, id: string, input: unknown): Promise<ConnectionWithAccounts> {
  const { links } = parseInput(linkBankAccountsInput, input);
  const connection = await getConnection(viewer, id);
  const remote = new Map(connection.accounts.map((a) => [a.remoteId, a]));
  const accountIds = links.flatMap((l) => (l.accountId ? [l.accountId] : []));
  const theirs = new Set(
    (await viewer.prisma.account.findMany({ where: { id: { in: accountIds }, ...owned(viewer) }, select: { id: true } })).map((a) => a.id),
  );
  links.forEach((l, i) => {
    if (!remote.has(l.remoteId))
      throw new ValidationError([{ path: ['links', String(i), 'remoteId'], message: `No account ${l.remoteId} on this connection` }]);
    if (l.accountId && !theirs.has(l.accountId))
      throw new ValidationError([{ path: ['links', String(i), 'accountId'], message: 'Account not found' }]);
  });
  const targets: { remote: string; accountId: string | null }[] = [];
  for (const l of links) {
    if (l.createAccount) {
      const bridge = remote.get(l.remoteId)!;
      // It starts at the bridge's balance the day after the bridge's balance date: the records
      // synced up to then are in that balance already and do not move it (docs/product.md#reconcile).
      const from = new Date((bridge.balanceDate ?? new Date()).getTime() + DAY_MS).toISOString().slice(0, 10);
      const created = await createAccount(viewer, {
        name: bridge.name.slice(0, 100),
        type: l.createAccount.type,
        balance: bridge.balance.toFixed(2),
        startingDate: from,
      });
      targets.push({ remote: bridge.id, accountId: created.id });
    } else targets.push({ remote: remote.get(l.remoteId)!.id, accountId: l.accountId ?? null });
  }
  await viewer.prisma.$transaction(
    targets.map((t) =>
      viewer.prisma.bankConnectionAccount.updateMany({ where: { id: t.remote, ...owned(viewer) }, data: { accountId: t.accountId } }),
    ),
  );
  viewer.events.publish(viewer.budgetId);
  return getConnection(viewer, id);
}

/** Removes a connection: its records stay, its access URL is gone. */
export async function deleteConnection(viewer: Viewer, id: string) {
  const { count } = await viewer.prisma.bankConnection.deleteMany({ where: { id, ...owned(viewer) } });
  if (count !== 1) throw new NotFoundError('Connection');
  viewer.events.publish(viewer.budgetId);
}

/**
 * Claims a connection for one sync, under the user's lock as the poster claims an occurrence
 * (schedules/poster.ts): no other sync of it runs (in any process) until this one ends or its lease
 * runs out. `dueBefore` (the scheduled sync) claims it only if its last attempt is older.
 */
async function claimSync(prisma: PrismaClient, owner: Owner, id: string, now: Date, dueBefore?: Date) {
  return prisma.$transaction(async (tx) => {
    await lockOwner(tx, owner);
    const free = { OR: [{ syncStartedAt: null }, { syncStartedAt: { lt: new Date(now.getTime() - SYNC_LEASE_MS) } }] };
    const due = dueBefore ? { OR: [{ lastAttemptAt: null }, { lastAttemptAt: { lt: dueBefore } }] } : {};
    const { count } = await tx.bankConnection.updateMany({
      where: { id, ...owned(owner), AND: [free, due] },
      data: { syncStartedAt: now, lastAttemptAt: now },
    });
    return count === 1;
  });
}

async function recordFailure(prisma: PrismaClient, owner: Owner, id: string, message: string) {
  const failedAt = new Date();
  await prisma.bankConnection.updateMany({
    where: { id, ...owned(owner) },
    data: { lastError: message.slice(0, 1000), lastErrorAt: failedAt, syncStartedAt: null },
  });
  // The one place a failed sync is announced: a notification in the bell (and by e-mail, as the
  // user chose), one a day per connection (docs/product.md#reminders). The caller publishes the change.
  const connection = await prisma.bankConnection.findFirst({ where: { id, ...owned(owner) }, select: { name: true } });
  const ownerId = connection && (await budgetOwnerId(prisma, owner.budgetId));
  if (connection && ownerId)
    await notify(prisma, ownerId, {
      kind: 'sync_failed',
      subject: id,
      date: failedAt,
      title: `Syncing ${connection.name} failed: ${message}`,
      link: '/settings',
    });
}

/** "Sync now": refused (429) while another sync of the connection runs. */
export async function syncConnection(viewer: Viewer, id: string): Promise<SyncResult> {
  await getConnection(viewer, id);
  if (!(await claimSync(viewer.prisma, viewer, id, new Date())))
    throw new BusyError('This connection is syncing already. Try again in a moment.', 5);
  return runSync(viewer, id);
}

/** The scheduled sync of one connection, if it is still due once claimed; null when another process took it. */
export async function syncIfDue(viewer: Viewer, id: string, dueBefore: Date): Promise<SyncResult | null> {
  if (!(await claimSync(viewer.prisma, viewer, id, new Date(), dueBefore))) return null;
  return runSync(viewer, id);
}

/** A claimed sync: fetch, check all of it, then write; the failure, if any, kept on the connection. */
async function runSync(viewer: Viewer, id: string): Promise<SyncResult> {
  try {
    const { bridgeErrors, ...result } = await fetchAndImport(viewer, id);
    const now = new Date();
    // The bridge's own messages (a bank that needs its sign-in renewed…) are the user's to read,
    // as the protocol asks: kept as the connection's message, though what came was imported.
    const note = bridgeErrors.length ? `The bridge says: ${bridgeErrors.join(' ')}`.slice(0, 1000) : null;
    await viewer.prisma.bankConnection.updateMany({
      where: { id, ...owned(viewer) },
      data: { lastSyncedAt: now, lastError: note, lastErrorAt: note ? now : null, syncStartedAt: null },
    });
    viewer.events.publish(viewer.budgetId);
    return result;
  } catch (err) {
    const message =
      err instanceof BankBridgeError || err instanceof ValidationError ? err.message : 'The sync failed on this server: try again later';
    await recordFailure(viewer.prisma, viewer, id, message);
    viewer.events.publish(viewer.budgetId);
    throw err instanceof ValidationError ? new BankBridgeError(message) : err;
  }
}

async function fetchAndImport(viewer: Viewer, id: string): Promise<SyncResult & { bridgeErrors: string[] }> {
  const connection = await getConnection(viewer, id);
  const accessUrl = unseal(await encryptionKey(viewer.prisma), connection.accessSecret);
  if (!accessUrl)
    throw new BankBridgeError('The stored access cannot be read (the encryption key changed): remove this connection and connect again');
  const since = connection.lastSyncedAt
    ? new Date(connection.lastSyncedAt.getTime() - OVERLAP_DAYS * DAY_MS)
    : new Date(Date.now() - FIRST_SYNC_DAYS * DAY_MS);
  const set = await fetchAccounts(accessUrl, since);
  await viewer.prisma.$transaction((tx) => keepAccounts(tx, viewer, id, set));
  const linked = await viewer.prisma.bankConnectionAccount.findMany({
    where: { connectionId: id, accountId: { not: null }, ...owned(viewer) },
    select: { remoteId: true, accountId: true },
  });
  // Everything is read and checked before anything is written: a bad row in any account writes nothing.
  const plans: { accountId: string; rows: PreviewRow[]; posted: string[] }[] = [];
  for (const { remoteId, accountId } of linked) {
    const account = set.accounts.find((a) => a.id === remoteId);
    if (!account?.transactions?.length) continue;
    const { rows, posted } = await bridgeRows(viewer, accountId!, account);
    plans.push({ accountId: accountId!, rows: rows.length ? await previewRows(viewer, accountId!, rows) : [], posted });
  }
  const accountTypes = new Map(
    (await viewer.prisma.account.findMany({ where: owned(viewer), select: { id: true, type: true } })).map((a) => [a.id, a.type]),
  );
  const result: SyncResult = { imported: 0, matched: 0, pending: 0 };
  for (const { accountId, rows, posted } of plans) {
    // A transfer whose other account is not known (its other side is in no account of the user's)
    // is kept as what it plainly is, not left out: a sync has no preview to choose one in, and what
    // it leaves out is never fetched again (docs/product.md#bank-sync).
    const choices: RowChoices = new Map();
    for (const row of rows)
      if (!row.include && !row.error && !row.match && row.movement === 'transfer' && !row.transferAccountId)
        choices.set(row.index, { include: true, movement: plainMovement(row, accountTypes.get(accountId) ?? null) });
    const written = rows.filter((r) => r.include || choices.has(r.index));
    result.imported += written.length;
    result.pending += written.filter((r) => r.pending).length;
    result.matched += rows.filter((r) => !r.include && r.duplicateOf).length;
    // Records imported while pending that the bank has posted since lose their mark.
    const posting = async (tx: Prisma.TransactionClient) => {
      if (!posted.length) return;
      for (const table of ['transactions', 'paychecks'] as const)
        await tx.$executeRaw`UPDATE ${Prisma.raw(table)} SET pending = false
          WHERE user_id = ${viewer.budgetId} AND account_id = ${accountId} AND pending
            AND fitid = ANY(${posted}::text[])`;
    };
    if (written.length)
      await writePreviewRows(viewer, { accountId, fileName: `${connection.name} (bank sync)`.slice(0, 255) }, rows, choices, posting);
    else if (posted.length) await viewer.prisma.$transaction(posting);
  }
  return { ...result, bridgeErrors: set.errors };
}
