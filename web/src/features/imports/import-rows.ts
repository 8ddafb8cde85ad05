import type { ImportDialogPreviewMutation$data } from '../../__generated__/ImportDialogPreviewMutation.graphql.ts';
import { fromCents, toCents } from '../../lib/money.ts';

/** A previewed row as the dialog selects it. */
export type PreviewRow = ImportDialogPreviewMutation$data['previewImport']['rows'][number];

export type Movement = PreviewRow['movement'];

/** The choice made on a row: what is missing keeps the preview's. */
export interface RowChoice {
  include: boolean;
  /** Missing: the suggested category; null: none. */
  categoryId?: string | null;
  movement?: Movement;
  /** A transfer's other account. */
  transferAccountId?: string | null;
  /** null: unmatched (the row is written as new). */
  matchId?: string | null;
  /** A matched row left out gives its record the bank's date and description. */
  takeBankDetails?: boolean;
  /** Its payee's name; blank: none. */
  payee?: string;
}
export type Choices = ReadonlyMap<number, RowChoice>;

export const isIncluded = (row: PreviewRow, choices: Choices) => choices.get(row.index)?.include ?? row.include;
export const categoryOf = (row: PreviewRow, choices: Choices) => {
  const chosen = choices.get(row.index)?.categoryId;
  return chosen === undefined ? (row.suggestedCategoryId ?? null) : chosen;
};
export const payeeOf = (row: PreviewRow, choices: Choices) => choices.get(row.index)?.payee ?? row.payee ?? '';
export const movementOf = (row: PreviewRow, choices: Choices): Movement => choices.get(row.index)?.movement ?? row.movement;
export const transferAccountOf = (row: PreviewRow, choices: Choices) => {
  const chosen = choices.get(row.index)?.transferAccountId;
  return chosen === undefined ? (row.transferAccountId ?? null) : chosen;
};
/** The record the row is: the preview's match, none once unmatched, or the one matched by hand among its candidates. */
export function matchOf(row: PreviewRow, choices: Choices) {
  const id = choices.get(row.index)?.matchId;
  if (id === undefined) return row.match;
  return (id && (row.match?.record === id ? row.match : row.matchCandidates.find((c) => c.record === id))) || null;
}

/** docs/product.md#money-movement: money out is an expense or a transfer; money in a refund, income or a transfer. */
export const MOVEMENT_LABELS: Record<Exclude<Movement, '%future added value'>, string> = {
  EXPENSE: 'Expense',
  REFUND: 'Refund',
  INCOME: 'Income',
  TRANSFER: 'Transfer',
};
export const movementsOf = (row: PreviewRow): Movement[] =>
  row.kind === 'paycheck' ? ['REFUND', 'INCOME', 'TRANSFER'] : ['EXPENSE', 'TRANSFER'];

/** "matches 'Whole Foods Market' on Nov 18, entered by hand". */
export function matchText(
  match: Pick<NonNullable<PreviewRow['match']>, 'kind' | 'date' | 'description' | 'enteredByHand'>,
  day: (date: string) => string,
) {
  const what = match.description ? `'${match.description}'` : match.kind === 'PAYCHECK' ? 'a paycheck' : 'a transfer';
  return `Matches ${what} on ${day(match.date)}${match.enteredByHand ? ', entered by hand' : ''}`;
}

/** What the ticked rows come to, in whole cents: the one computation the dialog makes. */
export function importTotals(rows: readonly PreviewRow[], choices: Choices) {
  let spent = 0n;
  let earned = 0n;
  const counts = { transactions: 0, paychecks: 0, transfers: 0, duplicates: 0, errors: 0 };
  for (const row of rows) {
    if (row.error) counts.errors++;
    const included = isIncluded(row, choices);
    if (matchOf(row, choices) && !included) counts.duplicates++;
    if (!included || !row.amount) continue;
    const movement = movementOf(row, choices);
    // Spending is expenses less refunds; a transfer is neither spending nor income.
    if (movement === 'EXPENSE' || movement === 'REFUND') {
      counts.transactions++;
      spent += movement === 'REFUND' ? -toCents(row.amount) : toCents(row.amount);
    } else if (movement === 'INCOME') {
      counts.paychecks++;
      earned += toCents(row.amount);
    } else if (movement === 'TRANSFER') counts.transfers++;
  }
  return { ...counts, spent: fromCents(spent), earned: fromCents(earned) };
}

/** The choices to send: the rows whose choice differs from the preview's. */
export function changedRows(rows: readonly PreviewRow[], choices: Choices) {
  return rows.flatMap((row) => {
    const choice = choices.get(row.index);
    if (!choice) return [];
    const { include, ...rest } = choice;
    // Only what was chosen: what is missing keeps the preview's.
    const chosen = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<RowChoice, 'include'>;
    return [{ index: row.index, include, ...chosen }];
  });
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** docs/product.md#import: the toast after an import. */
export function importedMessage(r: { transactionCount: number; paycheckCount: number; transferCount: number; skippedCount: number }) {
  const skipped = r.skippedCount ? ` (${plural(r.skippedCount, 'duplicate')} skipped)` : '';
  const parts = [plural(r.transactionCount, 'transaction'), plural(r.paycheckCount, 'paycheck')];
  if (r.transferCount) parts.push(plural(r.transferCount, 'transfer'));
  return `Imported ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}${skipped}`;
}
