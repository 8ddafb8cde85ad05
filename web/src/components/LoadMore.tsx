import styled from 'styled-components';
import { Button } from './Button.tsx';

/**
 * "Load more" under a paginated list, so no list is silently capped: the next page of a
 * `usePaginationFragment` connection, shown while there is one.
 */
export function LoadMore({
  hasNext,
  isLoadingNext,
  loadNext,
  pageSize,
}: {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext(count: number): unknown;
  pageSize: number;
}) {
  if (!hasNext) return null;
  return (
    <More>
      <Button type="button" $variant="secondary" disabled={isLoadingNext} onClick={() => loadNext(pageSize)}>
        {isLoadingNext ? 'Loading…' : 'Load more'}
      </Button>
    </More>
  );
}

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 1rem;
`;
