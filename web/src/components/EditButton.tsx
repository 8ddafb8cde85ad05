import styled, { css } from 'styled-components';
import { Pencil } from 'lucide-react';
import { Button } from './Button.tsx';

/**
 * The "Edit <name>" icon button of a row or card. Its click area stretches over the whole row
 * (the nearest `editableRow` ancestor), so clicking the row edits it through a real button that
 * keyboards and screen readers reach too; the row's other controls sit above that area.
 */
export function EditButton({ name, onClick }: { name: string; onClick(): void }) {
  return (
    <Stretched type="button" $variant="ghost" $size="sm" aria-label={`Edit ${name}`} onClick={onClick}>
      <Pencil aria-hidden />
    </Stretched>
  );
}

const Stretched = styled(Button)`
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
`;

/** The styles of a row or card holding an EditButton: its frame, and its other controls above the click area. */
export const editableRow = css`
  position: relative;
  cursor: pointer;
  :is(a, button, input, select, textarea, [role='slider']):not(${Stretched}) {
    position: relative;
    z-index: 1;
  }
`;
