import type { Paycheck, Prisma, Transaction, TransactionSplit } from '../../generated/prisma/client.ts';
import { owned, type Owner } from '../../lib/viewer.ts';
import { incomeEffect, transactionEffect, transferEffect, type BalanceEffect } from '../accounts/ledger.ts';

/**
 * What undoing an import puts back (docs/product.md#import), kept on the import as JSON (money and
 * dates as text): a record one of its transfers took the place of (its other side, already in
 * another account: docs/product.md#money-movement), as it was; or what a record given the bank's
 * date and description had before.
 */
export type PutBack =
  | { kind: 'transaction'; row: Prisma.JsonObject; splits: Prisma.JsonObject[] }
  | { kind: 'paycheck'; row: Prisma.JsonObject }
  | {
      kind: 'details';
      of: 'transaction' | 'paycheck' | 'transfer';
      id: string;
      date: string;
      text: string | null;
      payeeId: string | null;
      importedDescription: string | null;
    };

type Effects = { removed: BalanceEffect[]; added: BalanceEffect[] };

/** A row's columns as JSON, without its owner (putting it back scopes it to the viewer again). */
function kept(row: object): Prisma.JsonObject {
  const { userId: _owner, ...rest } = row as Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest)) as Prisma.JsonObject;
}

export const replacedTransaction = (t: Transaction & { splits: TransactionSplit[] }): PutBack => {
  const { splits, ...row } = t;
  return { kind: 'transaction', row: kept(row), splits: splits.map(kept) };
};
export const replacedPaycheck = (p: Paycheck): PutBack => ({ kind: 'paycheck', row: kept(p) });

/** What a record had before the bank's details: its day, its text (a transaction's description, a paycheck's notes), payee and bank text. */
export const detailsBefore = (
  of: 'transaction' | 'paycheck' | 'transfer',
  r: { id: string; date: Date; payeeId?: string | null; description?: string; notes?: string | null; importedDescription?: string | null },
): PutBack => ({
  kind: 'details',
  of,
  id: r.id,
  date: r.date.toISOString(),
  text: r.description ?? r.notes ?? null,
  payeeId: r.payeeId ?? null,
  importedDescription: r.importedDescription ?? null,
});

/**
 * Puts back what an import changed, inside the undo's transaction, answering the balances' moves:
 * the records its transfers replaced come back with their ids; records given the bank's details
 * (those that still exist) get back their day, text and payee. What a record named that is gone
 * since (its account, category, payee, schedule, the import or bank link it came from) it no
 * longer names, as when that thing is deleted while the record exists.
 */
export async function putBack(tx: Prisma.TransactionClient, viewer: Owner, steps: PutBack[]): Promise<Effects> {
  const effects: Effects = { removed: [], added: [] };
  const ids = (field: string) =>
    steps.flatMap((s) =>
      s.kind === 'details'
        ? field === 'payeeId'
          ? [s.payeeId]
          : []
        : [s.row[field], ...(s.kind === 'transaction' ? s.splits.map((line) => line[field]) : [])],
    );
  const present = async (table: { findMany(args: { where: object; select: { id: true } }): Promise<{ id: string }[]> }, field: string) => {
    const wanted = ids(field).filter((id): id is string => typeof id === 'string');
    if (wanted.length === 0) return new Set<string>();
    return new Set((await table.findMany({ where: { id: { in: wanted }, ...owned(viewer) }, select: { id: true } })).map((r) => r.id));
  };
  const [accounts, categories, payees, schedules, imports, bankLinks] = await Promise.all([
    present(tx.account, 'accountId'),
    present(tx.budgetCategory, 'categoryId'),
    present(tx.payee, 'payeeId'),
    present(tx.schedule, 'scheduleId'),
    present(tx.import, 'importId'),
    present(tx.bankLink, 'plaidItemId'),
  ]);
  const still = (set: Set<string>, id: unknown) => (typeof id === 'string' && set.has(id) ? id : null);
  for (const step of steps) {
    if (step.kind === 'details') {
      await putDetailsBack(tx, viewer, step, still(payees, step.payeeId), effects);
      continue;
    }
    const row = step.row as Record<string, unknown>;
    const refs = {
      accountId: still(accounts, row.accountId),
      payeeId: still(payees, row.payeeId),
      scheduleId: still(schedules, row.scheduleId),
      importId: still(imports, row.importId),
    };
    if (step.kind === 'paycheck') {
      const p = await tx.paycheck.create({
        data: { ...(row as unknown as Prisma.PaycheckUncheckedCreateInput), ...refs, ...owned(viewer) },
      });
      effects.added.push(...incomeEffect(p));
      continue;
    }
    const t = await tx.transaction.create({
      data: {
        ...(row as unknown as Prisma.TransactionUncheckedCreateInput),
        ...refs,
        categoryId: still(categories, row.categoryId),
        plaidItemId: still(bankLinks, row.plaidItemId),
        ...owned(viewer),
      },
    });
    if (step.splits.length)
      await tx.transactionSplit.createMany({
        data: step.splits.map((line) => ({
          ...(line as unknown as Prisma.TransactionSplitCreateManyInput),
          categoryId: still(categories, line.categoryId),
          ...owned(viewer),
        })),
      });
    effects.added.push(...transactionEffect(t));
  }
  return effects;
}

/** A record's day, text and payee as they were before the bank's (nothing when the record is gone since). */
async function putDetailsBack(
  tx: Prisma.TransactionClient,
  viewer: Owner,
  step: Extract<PutBack, { kind: 'details' }>,
  payeeId: string | null,
  effects: Effects,
) {
  const where = { id: step.id, ...owned(viewer) };
  const date = new Date(step.date);
  if (step.of === 'transfer') {
    const now = await tx.transfer.findFirst({ where });
    if (!now) return;
    await tx.transfer.update({ where: { id: step.id }, data: { date } });
    effects.removed.push(...transferEffect(now));
    effects.added.push(...transferEffect({ ...now, date }));
  } else if (step.of === 'paycheck') {
    const now = await tx.paycheck.findFirst({ where });
    if (!now) return;
    await tx.paycheck.update({
      where: { id: step.id },
      data: { date, notes: step.text, payeeId, importedDescription: step.importedDescription },
    });
    effects.removed.push(...incomeEffect(now));
    effects.added.push(...incomeEffect({ ...now, date }));
  } else {
    const now = await tx.transaction.findFirst({ where });
    if (!now) return;
    await tx.transaction.update({
      where: { id: step.id },
      data: { date, description: step.text ?? '', payeeId, importedDescription: step.importedDescription },
    });
    effects.removed.push(...transactionEffect(now));
    effects.added.push(...transactionEffect({ ...now, date }));
  }
}
