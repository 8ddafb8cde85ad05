import * as RadixDialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { ReadOnlyNote, useReadOnly } from '../app/read-only.tsx';

const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translate(-50%, -46%) scale(0.98); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

/**
 * A modal dialog (Radix): focus is trapped inside, Escape and the close button close it; under
 * 768 px it fills the screen. It never grows past the window: a form inside scrolls its fields
 * and keeps the title and its buttons in view.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  trigger?: ReactNode;
  children: ReactNode;
}) {
  const opener = useOpener(open);
  useOpenDialog(open, onOpenChange);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <Overlay />
        <Content
          onCloseAutoFocus={(event) => {
            // Radix gives focus back to the trigger; without one (a row's Edit), it goes back to what opened the
            // dialog, unless something took it meanwhile (a navigation moves it to the new screen's heading).
            if (trigger) return;
            event.preventDefault();
            if (document.activeElement === document.body && opener instanceof HTMLElement) opener.focus();
          }}
        >
          <Head>
            <RadixDialog.Title>{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <CloseButton type="button" $variant="ghost" $size="sm" aria-label="Close">
                <X aria-hidden />
              </CloseButton>
            </RadixDialog.Close>
          </Head>
          {description ? <Description>{description}</Description> : <RadixDialog.Description hidden>{title}</RadixDialog.Description>}
          {children}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The open dialogs' ways to close, the latest last (a confirmation opened from a dialog comes after it). */
const openDialogs: { close(): void }[] = [];

function useOpenDialog(open: boolean, onOpenChange: (open: boolean) => void) {
  const latest = useRef(onOpenChange);
  useEffect(() => {
    latest.current = onOpenChange;
  });
  useEffect(() => {
    if (!open) return;
    const entry = { close: () => latest.current(false) };
    openDialogs.push(entry);
    return () => void openDialogs.splice(openDialogs.indexOf(entry), 1);
  }, [open]);
}

/**
 * Closes the dialog on top, if one is open, and says whether it did. A toast shown over a dialog
 * is the top "layer" for Radix, so Escape would close the toast and leave the dialog open: the
 * toasts hand Escape to the dialog instead (app/toasts.tsx).
 */
export function closeTopDialog(): boolean {
  const top = openDialogs.at(-1);
  top?.close();
  return top !== undefined;
}

/** What had focus when `open` became true: read while rendering, before the dialog (or a field's autoFocus) takes it. */
function useOpener(open: boolean) {
  const [state, setState] = useState(() => ({ open, opener: open ? document.activeElement : null }));
  if (state.open !== open) setState({ open, opener: open ? document.activeElement : state.opener });
  return state.opener;
}

/** "Are you sure?" before a delete; in a budget that is read-only for the user, it says why it cannot. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  confirmLabel?: string;
  onConfirm(): void;
  busy?: boolean;
}) {
  const readOnly = useReadOnly();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {readOnly && <ReadOnlyNote />}
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="button" $variant="danger" disabled={busy || readOnly} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Actions>
    </Dialog>
  );
}

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
  animation: ${fade} 120ms ease-out;
  z-index: 50;
`;
const Content = styled(RadixDialog.Content)`
  position: fixed;
  z-index: 51;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(32rem, calc(100vw - 2rem));
  max-height: calc(100dvh - 2rem);
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 1.5rem;
  box-shadow: 0 20px 50px rgba(0, 0, 0, 0.25);
  animation: ${rise} 140ms ease-out;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    width: 100vw;
    height: 100dvh;
    max-height: none;
    border-radius: 0;
    top: 0;
    left: 0;
    transform: none;
    animation: ${fade} 120ms ease-out;
  }
`;
const Head = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 0.5rem;
  h2 {
    font-size: 1.2rem;
    font-weight: 700;
  }
`;
const CloseButton = styled(Button)`
  padding: 0.35rem;
`;
const Description = styled(RadixDialog.Description)`
  flex: none;
  color: ${({ theme }) => theme.color.textMuted};
  margin-bottom: 1rem;
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1rem;
`;
