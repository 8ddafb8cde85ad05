import styled from 'styled-components';
import { useRef, type ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { useToastsAbove } from '../../app/toasts.tsx';
import { plural } from '../../lib/plural.ts';

/**
 * The unsaved edits' count with Discard and Save, stuck to the bottom of the window: Save stays in
 * reach below a long list and on a phone, and toasts show above it.
 */
export function SaveBar({ changed, onDiscard, saveButton }: { changed: number; onDiscard(): void; saveButton: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useToastsAbove(ref);
  return (
    <Bar ref={ref} aria-label="Unsaved changes">
      <strong>{plural(changed, 'unsaved change')}</strong>
      <div>
        <Button type="button" $variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
        {saveButton}
      </div>
    </Bar>
  );
}

const Bar = styled.section`
  position: sticky;
  bottom: 0.75rem;
  z-index: 5;
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.18);
  & > div {
    display: flex;
    gap: 0.5rem;
    margin-left: auto;
  }
`;
