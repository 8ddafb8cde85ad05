import type { Prisma } from '../../generated/prisma/client.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { matchKeywords, scoreHistory, type PastDescription } from './suggestion-scoring.ts';

/** How much history the suggestion reads: the most recent categorized transactions (an index scan). */
export const HISTORY_LIMIT = 2000;

/**
 * docs/product.md#category-suggestion: the category to suggest for a description being typed, from the user's recent history
 * (shared-word ratio), else from the keyword lists against the user's category names; or null.
 */
export async function suggestCategory(viewer: Viewer, description: string) {
  const typed = description.slice(0, 500);
  if (!typed.trim()) return null;
  const past = await viewer.prisma.$queryRaw<PastDescription[]>`
    SELECT lower(description) AS description, category_id AS "categoryId", count(*)::int AS count
    FROM (
      SELECT description, category_id FROM transactions
      WHERE user_id = ${viewer.id} AND category_id IS NOT NULL
      ORDER BY date DESC, created_at DESC, id DESC
      LIMIT ${HISTORY_LIMIT}
    ) recent
    GROUP BY 1, 2`;
  const categories = await viewer.prisma.budgetCategory.findMany({
    where: owned(viewer),
    select: { id: true, name: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const id = scoreHistory(typed, past) ?? matchKeywords(typed, categories);
  return id ?? null;
}

/** The suggested category itself (with the GraphQL selection, if any), or null. */
export async function suggestedCategory(
  viewer: Viewer,
  description: string,
  query: Omit<Prisma.BudgetCategoryFindFirstArgs, 'where'> = {},
) {
  const id = await suggestCategory(viewer, description);
  return id ? viewer.prisma.budgetCategory.findFirst({ ...query, where: { id, ...owned(viewer) } }) : null;
}
