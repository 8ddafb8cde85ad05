import { css } from 'styled-components';

/**
 * For the rows of a long list: the browser lays out and paints a row only once it nears the
 * viewport, guessing its size until then (`height`; after, the size it last had). A screen of fifty
 * rows then draws its first frame with the few in view
 * (docs/performance.md#what-a-click-draws-reports-and-budget). Paint is contained: nothing of a
 * row's may be drawn outside it (its dialogs and menus are portals).
 */
export const skipWhileOffscreen = (height: string) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${height};
`;
