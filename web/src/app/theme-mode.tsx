import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { darkTheme, GlobalStyle, lightTheme } from '../theme.ts';

type Mode = 'light' | 'dark';
const STORAGE_KEY = 'theme'; // docs/product.md#interface-details: local storage key `theme`, default light

const ThemeModeContext = createContext<{ mode: Mode; toggle(): void }>({ mode: 'light', toggle() {} });

function storedMode(): Mode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** The light/dark theme, kept in localStorage under `theme`. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<Mode>(storedMode);
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, mode);
    } catch {
      // storage unavailable (private mode): the choice lasts for this page only
    }
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  const toggle = useCallback(() => setMode((m) => (m === 'light' ? 'dark' : 'light')), []);
  return (
    <ThemeModeContext.Provider value={{ mode, toggle }}>
      <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode() {
  return useContext(ThemeModeContext);
}
