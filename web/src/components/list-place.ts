/** What a row of a `WindowedList` puts on its `li`: its place in the list, for the window's measures and for screen readers. */
export interface ListPlace {
  ref(element: HTMLLIElement | null): void;
  'data-index': number;
  'aria-posinset': number;
  'aria-setsize': number;
}
