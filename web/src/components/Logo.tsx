import styled from 'styled-components';

/**
 * The app's mark: the favicon's picture, also shown by the server's sign-in pages. `lazy` (it
 * still loads at once, being in view) keeps React from holding a navigation's commit until the
 * picture is decoded, as it does for a plain new <img> since React 19.2.
 */
export const Logo = styled.img.attrs({ src: '/favicon.svg', alt: '', loading: 'lazy' })`
  width: 1.5rem;
  height: 1.5rem;
  flex: none;
`;
