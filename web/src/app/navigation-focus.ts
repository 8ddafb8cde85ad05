import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

// The location whose heading last had its turn (module-wide: each screen has its own heading).
let handledKey: string | undefined;

/**
 * Focus for a screen's heading after an in-app navigation, so that screen readers announce the
 * new screen and Tab continues from it. The page the app opened on is left alone: the browser
 * already starts there.
 */
export function useNavigationFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { key } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (key === handledKey) return;
    const opened = handledKey === undefined && type === 'POP';
    handledKey = key;
    if (!opened) ref.current?.focus();
  }, [key, type]);
  return ref;
}
