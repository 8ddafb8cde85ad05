import { Landmark, Store } from 'lucide-react';
import styled from 'styled-components';

type Tone = 'neutral' | 'primary' | 'success' | 'danger' | 'warning';

export const Badge = styled.span<{ $tone?: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.1rem 0.55rem;
  border-radius: ${({ theme }) => theme.radius.full};
  font-size: 0.75rem;
  font-weight: 650;
  white-space: nowrap;
  svg {
    width: 0.8rem;
    height: 0.8rem;
  }
  ${({ theme, $tone = 'neutral' }) => {
    const map = {
      neutral: [theme.color.surfaceMuted, theme.color.textMuted],
      primary: [theme.color.primarySoft, theme.color.primary],
      success: [theme.color.successSoft, theme.color.success],
      danger: [theme.color.dangerSoft, theme.color.danger],
      warning: [theme.color.warningSoft, theme.color.warning],
    } as const;
    const [bg, fg] = map[$tone];
    return `background: ${bg}; color: ${fg};`;
  }}
`;

/** A budget category, one look on every screen; no category reads "Uncategorized". */
export function CategoryBadge({ category }: { category?: { name: string } | null }) {
  return category ? <Badge $tone="primary">{category.name}</Badge> : <Badge>Uncategorized</Badge>;
}

/** The account a record is in, one look on every screen. */
export function AccountBadge({ name }: { name: string }) {
  return (
    <Badge>
      <Landmark aria-hidden />
      {name}
    </Badge>
  );
}

/** Who a record paid or came from (docs/product.md#payees), one look on every screen. */
export function PayeeBadge({ name }: { name: string }) {
  return (
    <Badge aria-label={`Payee: ${name}`}>
      <Store aria-hidden />
      {name}
    </Badge>
  );
}
