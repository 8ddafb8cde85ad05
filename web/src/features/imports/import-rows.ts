import type { ImportDialogPreviewMutation$data } from '../../__generated__/ImportDialogPreviewMutation.graphql.ts';
import { fromCents, toCents } from '../../lib/money.ts';

/** A previewed row as the dialog selects it. */
export type PreviewRow = ImportDialogPreviewMutation$data['previewImport']['rows'][number];

/** The choice made on a row. */
export interface RowChoice {
  include: boolean;
  /** Missing: the suggested category; null: none. */
  categoryId?: string | null;
}
export type Choices = ReadonlyMap<number, RowChoice>;

export const isIncluded = (row: PreviewRow, choices: Choices) => choices.get(row.index)?.include ?? row.include;
export const categoryOf = (row: PreviewRow, choices: Choices) => {
  const chosen = choices.get(row.index)?.categoryId;
  return chosen === undefined ? (row.suggestedCategoryId ?? null) : chosen;
};

/** What the ticked rows come to, in whole cents: the one computation the dialog makes. */
export function importTotals(rows: readonly PreviewRow[], choices: Choices) {
  let spent = 0n;
  let earned = 0n;
  const counts = { transactions: 0, paychecks: 0, duplicates: 0, errors: 0 };
  for (const row of rows) {
    if (row.error) counts.errors++;
    const included = isIncluded(row, choices);
    if (row.duplicateOf && !included) counts.duplicates++;
    if (!included || !row.amount) continue;
    if (row.kind === 'transaction') {
      counts.transactions++;
      spent += toCents(row.amount);
    } else if (row.kind === 'paycheck') {
      counts.paychecks++;
      earned += toCents(row.amount);
    }
  }
  return { ...counts, spent: fromCents(spent), earned: fromCents(earned) };
}

/** The choices to send: the rows whose choice differs from the preview's. */
export function changedRows(rows: readonly PreviewRow[], choices: Choices) {
  return rows.flatMap((row) => {
    const choice = choices.get(row.index);
    if (!choice) return [];
    const categoryId = choice.categoryId;
    return [{ index: row.index, include: choice.include, ...(categoryId === undefined ? {} : { categoryId }) }];
  });
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** docs/product.md#import: the toast after an import. */
export function importedMessage(r: { transactionCount: number; paycheckCount: number; skippedCount: number }) {
  const skipped = r.skippedCount ? ` (${plural(r.skippedCount, 'duplicate')} skipped)` : '';
  return `Imported ${plural(r.transactionCount, 'transaction')} and ${plural(r.paycheckCount, 'paycheck')}${skipped}`;
}
