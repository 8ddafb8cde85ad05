import { useEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { LoaderCircle } from 'lucide-react';
import { Button } from './Button.tsx';
import { useInReach } from '../lib/use-near-viewport.ts';

/** How long the end of a list stays in reach before its next page loads: a scroll that passes by loads nothing. */
const DWELL_MS = 300;

/**
 * The next page of a `usePaginationFragment` connection, so no list is silently capped: it loads
 * as the list scrolls near its end (within a screen of it), and with the "Load more" button,
 * for the keyboard and where nothing scrolls. The button keeps its name while a page loads (a
 * second press does nothing), so what points at it never loses it. A list that ends its screen,
 * where no scroll passes its end by (`ahead`: Transactions), loads its next page as soon as its end
 * is within three screens, before the reader gets there.
 */
export function LoadMore({
  hasNext,
  isLoadingNext,
  loadNext,
  pageSize,
  ahead = false,
}: {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext(count: number): unknown;
  pageSize: number;
  ahead?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Asked afresh after each page: where the list's end is now, not where it was before the page came.
  const near = useInReach(ref, ahead ? '0px 0px 300% 0px' : '0px 0px 100% 0px', `${hasNext}:${isLoadingNext}`);
  useEffect(() => {
    if (!near || !hasNext || isLoadingNext) return;
    const timer = setTimeout(() => loadNext(pageSize), ahead ? 0 : DWELL_MS);
    return () => clearTimeout(timer);
  }, [near, hasNext, isLoadingNext, loadNext, pageSize, ahead]);
  if (!hasNext) return null;
  return (
    <More ref={ref}>
      <Button type="button" $variant="secondary" aria-busy={isLoadingNext} onClick={() => isLoadingNext || loadNext(pageSize)}>
        {isLoadingNext && <Spinner aria-hidden />} Load more
      </Button>
    </More>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;
const Spinner = styled(LoaderCircle)`
  animation: ${spin} 800ms linear infinite;
`;
const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 1rem;
`;
