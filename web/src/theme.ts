import { createGlobalStyle } from 'styled-components';

/** Design tokens of the light and dark themes (both pass WCAG AA for text on their surfaces). */
const shared = {
  radius: { sm: '6px', md: '10px', lg: '14px', full: '999px' },
  font: {
    sans: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  // docs/product.md#layout: mobile is under 768 px (a `max-width` media query includes its bound).
  breakpoint: { mobile: '767.98px' },
};

/** The same breakpoint for JavaScript (matchMedia). */
export const MOBILE_QUERY = `(max-width: ${shared.breakpoint.mobile})`;

export const lightTheme = {
  ...shared,
  mode: 'light' as 'light' | 'dark',
  color: {
    background: '#f6f7fb',
    surface: '#ffffff',
    surfaceMuted: '#f1f3f8',
    text: '#0f172a',
    textMuted: '#526074',
    border: '#e2e6ee',
    primary: '#2453d6',
    primaryHover: '#1d44b3',
    primaryText: '#ffffff',
    primarySoft: '#e8eefc',
    success: '#0f7a4a',
    successSoft: '#e3f5ec',
    danger: '#c8242f',
    dangerText: '#ffffff',
    dangerSoft: '#fde8ea',
    warning: '#9a5b00',
    warningSoft: '#fdf1dc',
    focus: '#2453d6',
    overlay: 'rgba(15, 23, 42, 0.45)',
    shadow: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
  },
};

export type Theme = typeof lightTheme;

export const darkTheme: Theme = {
  ...shared,
  mode: 'dark',
  color: {
    background: '#0b1020',
    surface: '#131a2c',
    surfaceMuted: '#1b2338',
    text: '#e8ecf5',
    textMuted: '#a3aec4',
    border: '#2a3350',
    primary: '#7aa2ff',
    primaryHover: '#9ab8ff',
    primaryText: '#0b1020',
    primarySoft: '#1c2a4f',
    success: '#4cd08d',
    successSoft: '#123524',
    danger: '#ff7b84',
    dangerText: '#0b1020',
    dangerSoft: '#3d1820',
    warning: '#f3b64d',
    warningSoft: '#3a2a10',
    focus: '#9ab8ff',
    overlay: 'rgba(0, 0, 0, 0.6)',
    shadow: '0 1px 2px rgba(0, 0, 0, 0.4), 0 1px 3px rgba(0, 0, 0, 0.3)',
  },
};

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; color-scheme: ${({ theme }) => theme.mode}; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.sans};
    font-size: 15px;
    line-height: 1.5;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4, p { margin: 0; }
  a { color: inherit; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
