import type { Prisma } from '../../generated/prisma/client.ts';
import { owned, type Viewer } from '../../lib/viewer.ts';
import { historyScorer, keywordMatcher, type PastDescription } from './suggestion-scoring.ts';

/** How much history the suggestion reads: the most recent categorized transactions (an index scan). */
export const HISTORY_LIMIT = 2000;

/**
 * docs/product.md#category-suggestion: the category to suggest for a description being typed, from the user's recent history
 * (shared-word ratio), else from the keyword lists against the user's category names; or null.
 */
export async function suggestCategory(viewer: Viewer, description: string) {
  if (!description.slice(0, 500).trim()) return null;
  return (await categorySuggester(viewer))(description);
}

/**
 * The suggestion for many descriptions (an import's rows): the history and the categories are
 * read once; each description answers its category id or null.
 */
export async function categorySuggester(viewer: Viewer): Promise<(description: string) => string | null> {
  const past = await viewer.prisma.$queryRaw<PastDescription[]>`
    SELECT lower(description) AS description, category_id AS "categoryId", count(*)::int AS count
    FROM (
      SELECT description, category_id FROM transactions
      WHERE user_id = ${viewer.budgetId} AND category_id IS NOT NULL
      ORDER BY date DESC, created_at DESC, id DESC
      LIMIT ${HISTORY_LIMIT}
    ) recent
    GROUP BY 1, 2`;
  const categories = await viewer.prisma.budgetCategory.findMany({
    where: owned(viewer),
    select: { id: true, name: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const fromHistory = historyScorer(past);
  const fromKeywords = keywordMatcher(categories);
  return (description) => {
    const typed = description.slice(0, 500);
    if (!typed.trim()) return null;
    return fromHistory(typed) ?? fromKeywords(typed) ?? null;
  };
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
