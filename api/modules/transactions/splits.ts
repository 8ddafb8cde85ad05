import type { Prisma } from '../../generated/prisma/client.ts';
import { ValidationError } from '../../lib/errors.ts';
import { Decimal } from '../../lib/money.ts';
import { owned, type Owner, type Viewer } from '../../lib/viewer.ts';
import type { SplitLineInput, TransactionKind } from '../../../shared/inputs/transactions.ts';

/**
 * A transaction's split lines (docs/product.md#refunds-and-splits): part of its amount in each of
 * several categories. The lines are replaced whole, never edited one by one, so a line has no
 * identity a client keeps; their order is the order they were given in.
 */

/** The lines of a transaction in their order, as Prisma reads them. */
export const SPLIT_ORDER = { position: 'asc' } as const;

/** A line as it is written: its category (or none), its amount and its note. */
export type SplitLine = Pick<SplitLineInput, 'categoryId' | 'notes'> & { amount: string };

/**
 * Checks that every category named (a transaction's and its lines') is one of the viewer's, in one
 * query: another user's answers as a missing one, `Category not found` on the field that named it.
 */
export async function checkCategories(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  categoryId: string | null | undefined,
  lines: readonly { categoryId?: string | null }[] = [],
) {
  const named = [
    ...(categoryId ? [{ id: categoryId, path: ['categoryId'] }] : []),
    ...lines.flatMap((line, i) => (line.categoryId ? [{ id: line.categoryId, path: ['splits', String(i), 'categoryId'] }] : [])),
  ];
  if (!named.length) return;
  const found = await tx.budgetCategory.findMany({ where: { id: { in: named.map((n) => n.id) }, ...owned(viewer) }, select: { id: true } });
  const mine = new Set(found.map((c) => c.id));
  const missing = named.filter((n) => !mine.has(n.id));
  if (missing.length) throw new ValidationError(missing.map((n) => ({ path: n.path, message: 'Category not found' })));
}

/** Replaces a transaction's lines with `lines` (none: it is no longer split). */
export async function writeSplits(tx: Prisma.TransactionClient, viewer: Owner, transactionId: string, lines: readonly SplitLine[]) {
  await tx.transactionSplit.deleteMany({ where: { transactionId, ...owned(viewer) } });
  if (!lines.length) return [];
  return tx.transactionSplit.createManyAndReturn({
    data: lines.map((line, position) => ({
      transactionId,
      userId: viewer.budgetId,
      categoryId: line.categoryId || null,
      amount: line.amount,
      notes: line.notes ?? null,
      position,
    })),
  });
}

/** The sign of a transaction in spending: an expense adds to it, a refund takes from it (the `spending_lines` view's rule). */
export const signed = (t: { kind: string; amount: Decimal | string }) =>
  (t.kind as TransactionKind) === 'refund' ? new Decimal(t.amount).negated() : new Decimal(t.amount);
