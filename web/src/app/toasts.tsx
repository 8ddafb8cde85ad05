import * as Toast from '@radix-ui/react-toast';
import styled, { keyframes } from 'styled-components';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { closeTopDialog } from '../components/Dialog.tsx';

/** docs/product.md#interface-details: one toast at a time, 5000 ms, swipe right (50 px) to dismiss, F8 focuses the viewport. */
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  title: string;
  description?: string;
  /** A line under the description: why it failed, in the server's words. */
  detail?: string;
  variant?: 'default' | 'destructive';
  /** Called once the toast is on screen (what must follow it, such as a redirect, waits for it). */
  onShown?: () => void;
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  // Only the latest toast is kept: a new one replaces the one on screen.
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const toast = useCallback((message: ToastMessage) => setCurrent({ ...message, key: Date.now() + Math.random() }), []);
  return (
    <ToastContext.Provider value={toast}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
        {children}
        {current && (
          <Root
            key={current.key}
            $variant={current.variant ?? 'default'}
            onOpenChange={(open) => !open && setCurrent(null)}
            // Escape closes the dialog the toast appeared over (the toast stays, and goes in its time).
            onEscapeKeyDown={(event) => closeTopDialog() && event.preventDefault()}
            defaultOpen
          >
            <div>
              <Shown onShown={current.onShown} />
              <Toast.Title>{current.title}</Toast.Title>
              {current.description && (
                <Toast.Description>
                  {current.description}
                  {current.detail && <Detail>{current.detail}</Detail>}
                </Toast.Description>
              )}
            </div>
            <Toast.Close aria-label="Dismiss">
              <X aria-hidden />
            </Toast.Close>
          </Root>
        )}
        <Viewport hotkey={['F8']} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Tells the toast's `onShown` after the toast has been committed to the page. */
function Shown({ onShown }: { onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return null;
}

export function useToast() {
  return useContext(ToastContext);
}

/**
 * Keeps the toasts above `ref`, a bar stuck to the bottom of the window (the Budget's unsaved
 * changes, with Save), while it is mounted and in the lower half of the window: a toast never
 * covers it.
 */
export function useToastsAbove(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      const top = bar.getBoundingClientRect().top;
      root.style.setProperty('--toasts-above', `${top > window.innerHeight / 2 ? window.innerHeight - top : 0}px`);
    };
    update();
    const resized = new ResizeObserver(update);
    resized.observe(bar);
    document.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    return () => {
      resized.disconnect();
      document.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
      root.style.removeProperty('--toasts-above');
    };
  }, [ref]);
}

const Detail = styled.span`
  display: block;
  margin-top: 0.25rem;
`;

const slideIn = keyframes`from { transform: translateX(calc(100% + 1rem)); } to { transform: translateX(0); }`;

const Viewport = styled(Toast.Viewport)`
  position: fixed;
  bottom: var(--toasts-above, 0px);
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: 100%;
  max-width: 420px;
  padding: 1rem;
  margin: 0;
  list-style: none;
  outline: none;
`;
const Root = styled(Toast.Root)<{ $variant: 'default' | 'destructive' }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.9rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $variant }) => ($variant === 'destructive' ? '#b42318' : theme.color.border)};
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? '#b42318' : theme.color.surface)};
  color: ${({ theme, $variant }) => ($variant === 'destructive' ? '#fff' : theme.color.text)};
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.18);
  animation: ${slideIn} 150ms ease-out;
  [data-radix-toast-title],
  & > div > :first-child {
    font-weight: 700;
  }
  & > div > :nth-child(2) {
    font-size: 0.9rem;
    opacity: 0.92;
    margin-top: 0.1rem;
  }
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform 200ms ease-out;
  }
  &[data-swipe='end'] {
    animation: none;
    transform: translateX(var(--radix-toast-swipe-end-x));
  }
  button {
    background: none;
    border: 0;
    color: inherit;
    cursor: pointer;
    padding: 0.1rem;
    opacity: 0.8;
  }
  button svg {
    width: 1rem;
    height: 1rem;
  }
`;
