import { css } from 'styled-components';

/**
 * Names and descriptions that wrap between words: a word breaks only when it is longer than a
 * whole line (hyphenated where the browser can), and a column holding it is not squeezed narrower
 * than its longest word by its neighbours (`anywhere` would let it, and cut "Apartme/nts").
 */
export const wholeWords = css`
  overflow-wrap: break-word;
  hyphens: auto;
`;
