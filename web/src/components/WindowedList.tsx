import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { List } from './TransactionRow.tsx';
import type { ListPlace } from './list-place.ts';

/**
 * Up to this many rows (three pages) the list is whole in the document, as any list: find in page
 * sees every row, and a short list gains nothing from windowing. Past it, only the rows near the
 * screen are.
 */
const WHOLE_UP_TO = 150;
/** Rows kept in the document above and below the screen: a fast scroll or Tab finds them drawn. */
const OVERSCAN = 12;

/**
 * A long list of the page (docs/performance.md#the-transactions-list) that has in the document only
 * the rows near the screen, the page scrolling as usual: the rows above and below the window are
 * room kept by the list's padding, at each row's measured height (`estimate` px until a row has
 * been drawn). Each row says its place and the list's length (`setSize`: every row the list has,
 * loaded or not) so screen readers count it whole. Printing draws every row loaded.
 */
export function WindowedList({
  label,
  keys,
  setSize,
  estimate,
  row,
}: {
  label: string;
  /** The rows' ids in order: a row keeps its measured height when rows are added before it. */
  keys: readonly string[];
  setSize: number;
  estimate: number;
  row(index: number, place: ListPlace): ReactNode;
}) {
  const ref = useRef<HTMLUListElement>(null);
  // Where the list starts on the page, asked again whenever the page changes height: what is above
  // the list (the filters, the bulk bar) may have.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setScrollMargin(ref.current!.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const printing = usePrinting();
  const whole = printing || keys.length <= WHOLE_UP_TO;
  const virtualizer = useWindowVirtualizer({
    count: keys.length,
    estimateSize: () => estimate,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => keys[index]!,
    rangeExtractor: (range) => (whole ? Array.from({ length: range.count }, (_, i) => i) : defaultRangeExtractor(range)),
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const above = first ? first.start - scrollMargin : 0;
  const below = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    <Window ref={ref} aria-label={label} style={{ paddingTop: above, paddingBottom: below }}>
      {items.map((item) => (
        <WindowRow key={item.key} row={row} index={item.index} setSize={setSize} measure={virtualizer.measureElement} />
      ))}
    </Window>
  );
}

/**
 * One row of the window, drawn again only when the list is (its rows or their count changed): a
 * scroll that moves the window renders the rows coming into it, not every row in it.
 */
const WindowRow = memo(function WindowRow({
  row,
  index,
  setSize,
  measure,
}: {
  row(index: number, place: ListPlace): ReactNode;
  index: number;
  setSize: number;
  measure: ListPlace['ref'];
}) {
  return row(index, { ref: measure, 'data-index': index, 'aria-posinset': index + 1, 'aria-setsize': setSize });
});

/** True while the page is being printed: set before the browser lays out the printed page. */
function usePrinting() {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

const Window = styled(List)`
  /* The window keeps the rows on screen in place itself as rows above it are measured; the browser's
     own scroll anchoring would move them a second time. */
  overflow-anchor: none;
  /* Every row but the list's first has its border, the window's first too: a row's height does not
     change with its place in the window. */
  & > li:not([aria-posinset='1']) {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;
