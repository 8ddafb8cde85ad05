import type { ComponentProps } from 'react';
import { Plus } from 'lucide-react';
import styled, { css } from 'styled-components';
import { useReadOnlyControl } from '../app/read-only.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const base = css<{ $variant?: Variant; $size?: Size }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  transition:
    background 120ms ease,
    border-color 120ms ease,
    color 120ms ease;
  padding: ${({ $size = 'md' }) => ({ sm: '0.35rem 0.7rem', md: '0.55rem 1rem', lg: '0.8rem 1.5rem' })[$size]};
  font-size: ${({ $size = 'md' }) => ({ sm: '0.85rem', md: '0.95rem', lg: '1.05rem' })[$size]};
  ${({ theme, $variant = 'primary' }) =>
    ({
      primary: css`
        background: ${theme.color.primary};
        color: ${theme.color.primaryText};
        &:hover:not(:disabled) {
          background: ${theme.color.primaryHover};
        }
      `,
      secondary: css`
        background: ${theme.color.surface};
        color: ${theme.color.text};
        border-color: ${theme.color.border};
        &:hover:not(:disabled) {
          background: ${theme.color.surfaceMuted};
        }
      `,
      ghost: css`
        background: transparent;
        color: ${theme.color.text};
        &:hover:not(:disabled) {
          background: ${theme.color.surfaceMuted};
        }
      `,
      danger: css`
        background: ${theme.color.danger};
        color: ${theme.color.dangerText};
        &:hover:not(:disabled) {
          filter: brightness(0.95);
        }
      `,
    })[$variant]}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  svg {
    width: 1.1em;
    height: 1.1em;
    flex: none;
  }
`;

/** A button; `$variant` primary | secondary | ghost | danger, `$size` sm | md | lg. */
export const Button = styled.button<{ $variant?: Variant; $size?: Size }>`
  ${base}
`;

/** A link styled as a button (for navigations such as sign-in). */
export const LinkButton = styled.a<{ $variant?: Variant; $size?: Size }>`
  ${base}
`;

/**
 * The button that opens an add dialog: the Plus icon, then its label ("Add Goal"); disabled, with
 * the reason as its tooltip, in a budget that is read-only for the user.
 */
export function AddButton({ children, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button type="button" {...props} {...useReadOnlyControl()}>
      <Plus aria-hidden /> {children}
    </Button>
  );
}
