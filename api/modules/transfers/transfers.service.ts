import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { updateOwned } from '../../lib/owned-update.ts';
import { parseInput } from '../../lib/validate.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { ledgerWrite, moveBalances, ownedAccountId, transferEffect } from '../accounts/ledger.ts';
import { addTransferInput, TWO_ACCOUNTS_MESSAGE, updateTransferInput } from '../../../shared/inputs/transfers.ts';

/** Newest first: date, then creation time, then id. */
const TRANSFER_ORDER: Prisma.TransferOrderByWithRelationInput[] = [{ date: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }];

/** Every transfer, or those out of or into one account. */
export type TransferFilter = { accountId?: string | null };

function filterWhere(viewer: Viewer, filter: TransferFilter = {}): Prisma.TransferWhereInput {
  return filter.accountId
    ? { ...owned(viewer), OR: [{ fromAccountId: filter.accountId }, { toAccountId: filter.accountId }] }
    : owned(viewer);
}

export function listTransfers(
  viewer: Viewer,
  filter: TransferFilter = {},
  query: Omit<Prisma.TransferFindManyArgs, 'where' | 'orderBy'> = {},
) {
  return viewer.prisma.transfer.findMany({ ...query, where: filterWhere(viewer, filter), orderBy: TRANSFER_ORDER });
}

export function countTransfers(viewer: Viewer, filter: TransferFilter = {}) {
  return viewer.prisma.transfer.count({ where: filterWhere(viewer, filter) });
}

/**
 * Both accounts of a transfer, checked as the viewer's and different from each other. A side may
 * be null only when its account was deleted (the transfer stays in the other one's ledger).
 */
async function checkAccounts(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  t: { fromAccountId: string | null; toAccountId: string | null },
) {
  if (t.fromAccountId !== null && t.fromAccountId === t.toAccountId)
    throw new ValidationError([{ path: ['toAccountId'], message: TWO_ACCOUNTS_MESSAGE }]);
  await ownedAccountId(tx, viewer, t.fromAccountId, 'fromAccountId');
  await ownedAccountId(tx, viewer, t.toAccountId, 'toAccountId');
}

/** A transfer write's `status` is both sides' (docs/product.md#reconcile); each can then change on its own. */
const bothSides = (status: string | undefined) => (status ? { fromStatus: status, toStatus: status } : {});

/** Records a transfer (docs/product.md#account-ledgers): money leaves one account and reaches the other, in one transaction. */
export async function addTransfer(viewer: Viewer, input: unknown) {
  const { status, ...data } = parseInput(addTransferInput, input);
  const transfer = await ledgerWrite(viewer, async (tx) => {
    await checkAccounts(tx, viewer, data);
    const created = await tx.transfer.create({
      data: { ...data, ...bothSides(status), notes: data.notes ?? null, userId: viewer.budgetId },
    });
    await moveBalances(tx, viewer, [], transferEffect(created));
    return created;
  });
  viewer.events.publish(viewer.budgetId);
  return transfer;
}

/** Changes any of a transfer's fields; both balances move from its old effect to its new one. */
export async function updateTransfer(viewer: Viewer, id: string, input: unknown) {
  const { status, ...changes } = parseInput(updateTransferInput, input);
  return updateOwned(viewer, { table: 'transfers', id, what: 'Transfer', changes: { ...changes, status } }, async (tx) => {
    const before = await tx.transfer.findUniqueOrThrow({ where: { id } });
    await checkAccounts(tx, viewer, {
      fromAccountId: changes.fromAccountId ?? before.fromAccountId,
      toAccountId: changes.toAccountId ?? before.toAccountId,
    });
    const after = await tx.transfer.update({ where: { id }, data: { ...changes, ...bothSides(status) } });
    await moveBalances(tx, viewer, transferEffect(before), transferEffect(after));
    return after;
  });
}

/** Deletes a transfer: the money goes back to the account it left. */
export async function deleteTransfer(viewer: Viewer, id: string) {
  await ledgerWrite(viewer, async (tx) => {
    const transfer = await tx.transfer.findFirst({ where: { id, ...owned(viewer) } });
    if (!transfer) throw new NotFoundError('Transfer');
    await tx.transfer.delete({ where: { id } });
    await moveBalances(tx, viewer, transferEffect(transfer), []);
  });
  viewer.events.publish(viewer.budgetId);
}
