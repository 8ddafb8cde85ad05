import { Suspense, useState } from 'react';
import styled from 'styled-components';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import type { ImportHistoryQuery } from '../../__generated__/ImportHistoryQuery.graphql.ts';
import type { ImportHistory_viewer$key } from '../../__generated__/ImportHistory_viewer.graphql.ts';
import type { ImportHistoryPaginationQuery } from '../../__generated__/ImportHistoryPaginationQuery.graphql.ts';
import type { ImportHistoryUndoMutation } from '../../__generated__/ImportHistoryUndoMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { useRefetchQuery } from '../../relay/route-query.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import { plural } from './import-rows.ts';
import '../accounts/account-balances.ts';

const PAGE_SIZE = 10;

const QUERY = graphql`
  query ImportHistoryQuery {
    viewer {
      ...ImportHistory_viewer
    }
  }
`;

/** Fetches the history again (its first page), for an import just made. */
export const useRefetchImportHistory = () => useRefetchQuery<ImportHistoryQuery>(QUERY);

/**
 * The user's imports, newest first (docs/product.md#import): file name, date, counts, and Undo
 * (after a confirmation) for one not undone yet. Loaded when shown.
 */
export function ImportHistory({ onUndone }: { onUndone(): void }) {
  return (
    <section aria-labelledby="import-history">
      <Heading id="import-history">Import history</Heading>
      <Suspense fallback={<Muted>Loading imports…</Muted>}>
        <History onUndone={onUndone} />
      </Suspense>
    </section>
  );
}

function History({ onUndone }: { onUndone(): void }) {
  const { viewer } = useLazyLoadQuery<ImportHistoryQuery>(QUERY, {}, { fetchPolicy: 'store-and-network' });
  return <ImportList viewer={viewer} onUndone={onUndone} />;
}

function ImportList({ viewer, onUndone }: { viewer: ImportHistory_viewer$key; onUndone(): void }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<ImportHistoryPaginationQuery, ImportHistory_viewer$key>(
    graphql`
      fragment ImportHistory_viewer on User
      @refetchable(queryName: "ImportHistoryPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        imports(first: $count, after: $cursor) @connection(key: "ImportHistory_imports") {
          edges {
            node {
              id
              fileName
              createdAt
              transactionCount
              paycheckCount
              transferCount
              skippedCount
              undoneAt
            }
          }
        }
      }
    `,
    viewer,
  );
  const [undoing, setUndoing] = useState<{ id: string; fileName: string } | null>(null);
  const [undo, busy] = useMutationAction<ImportHistoryUndoMutation>(graphql`
    mutation ImportHistoryUndoMutation($id: ID!) {
      undoImport(id: $id) {
        import {
          id
          undoneAt
        }
        viewer {
          ...accountBalances_viewer
        }
      }
    }
  `);
  const { edges } = data.imports;
  if (edges.length === 0) return <Muted>No imports yet.</Muted>;
  return (
    <>
      <List aria-label="Imports">
        {edges.map(({ node }) => (
          <li key={node.id}>
            <div>
              <strong>{node.fileName}</strong>
              <small>
                {formatShortDate(node.createdAt)} · {plural(node.transactionCount, 'transaction')}, {plural(node.paycheckCount, 'paycheck')}
                {node.transferCount ? `, ${plural(node.transferCount, 'transfer')}` : ''}
                {node.skippedCount ? `, ${plural(node.skippedCount, 'duplicate')} skipped` : ''}
              </small>
            </div>
            {node.undoneAt ? (
              <Badge>Undone</Badge>
            ) : (
              <Button
                type="button"
                $variant="secondary"
                $size="sm"
                aria-label={`Undo import of ${node.fileName}`}
                onClick={() => setUndoing(node)}
              >
                Undo
              </Button>
            )}
          </li>
        ))}
      </List>
      <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={PAGE_SIZE} />
      {undoing && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setUndoing(null)}
          title="Undo import?"
          description={`The transactions and paychecks "${undoing.fileName}" created will be removed, with their effect on account balances.`}
          confirmLabel="Undo import"
          busy={busy}
          onConfirm={() =>
            undo(
              { id: undoing.id },
              {
                success: IMPORT_MESSAGES.undone,
                failure: IMPORT_MESSAGES.undoFailed,
                onDone: () => {
                  setUndoing(null);
                  onUndone();
                },
              },
            )
          }
        />
      )}
    </>
  );
}

const Heading = styled.h3`
  font-size: 1rem;
  font-weight: 700;
  margin: 1.25rem 0 0.5rem;
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.88rem;
`;
const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 0.75rem;
  }
  li > div {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  strong {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
