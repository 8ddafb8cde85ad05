import styled from 'styled-components';

/** The app's mark: the favicon's picture, also shown by the server's sign-in pages. */
export const Logo = styled.img.attrs({ src: '/favicon.svg', alt: '' })`
  width: 1.5rem;
  height: 1.5rem;
  flex: none;
`;
