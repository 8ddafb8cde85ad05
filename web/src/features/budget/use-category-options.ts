import { useEffect } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { useCategoryOptionsPaginationQuery } from '../../__generated__/useCategoryOptionsPaginationQuery.graphql.ts';
import type { useCategoryOptions_viewer$key } from '../../__generated__/useCategoryOptions_viewer.graphql.ts';

const PAGE_SIZE = 100;

export type CategoryOption = { readonly id: string; readonly name: string };

/** Every budget category, as the choices of Filter by Category and of the dialog's Category. */
export function useCategoryOptions(viewer: useCategoryOptions_viewer$key): readonly CategoryOption[] {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    useCategoryOptionsPaginationQuery,
    useCategoryOptions_viewer$key
  >(
    graphql`
      fragment useCategoryOptions_viewer on User
      @refetchable(queryName: "useCategoryOptionsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
        budgetCategories(first: $count, after: $cursor) @connection(key: "useCategoryOptions_budgetCategories") {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    viewer,
  );
  // A select cannot page: a user with more categories than a page gets the next pages at once.
  useEffect(() => {
    if (hasNext && !isLoadingNext) loadNext(PAGE_SIZE);
  }, [hasNext, isLoadingNext, loadNext]);
  return data.budgetCategories.edges.map(({ node }) => ({ id: node.id, name: node.name }));
}
