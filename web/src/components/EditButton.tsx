import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';
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

const stretched = css`
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
`;
const Stretched = styled(Button)`
  ${stretched}
`;

/**
 * A row's or card's main link (its title), whose click area stretches over the whole row (the
 * nearest `editableRow` ancestor), as EditButton's does: clicking the card opens what it shows.
 */
export const StretchedLink = styled(Link)`
  ${stretched}
  color: inherit;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

/** The styles of a row or card holding an EditButton: its frame, and its other controls above the click area. */
export const editableRow = css`
  position: relative;
  cursor: pointer;
  :is(a, button, input, select, textarea, [role='slider']):not(${Stretched}, ${StretchedLink}) {
    position: relative;
    z-index: 1;
  }
`;
