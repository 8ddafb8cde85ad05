import styled from 'styled-components';
import { useSharedBudget } from '../app/read-only.tsx';

/**
 * "Added by Sam · changed by Jo": who added a record and who changed it last (the server's display
 * names; "a former member" for a deleted user). A change by the person who added it adds nothing
 * to say; null when neither is known (records older than shared budgets).
 */
export function authorsText(addedBy: string | null | undefined, changedBy: string | null | undefined): string | null {
  const changed = changedBy && changedBy !== addedBy ? changedBy : null;
  if (addedBy && changed) return `Added by ${addedBy} · changed by ${changed}`;
  if (addedBy) return `Added by ${addedBy}`;
  if (changed) return `Changed by ${changed}`;
  return null;
}

/** Who added and changed a record, shown in a shared budget only (docs/product.md#shared-budgets). */
export function RecordAuthors({
  addedBy,
  changedBy,
  className,
}: {
  addedBy?: string | null;
  changedBy?: string | null;
  className?: string;
}) {
  const shared = useSharedBudget();
  const text = authorsText(addedBy, changedBy);
  if (!shared || !text) return null;
  return <Authors className={className}>{text}</Authors>;
}

const Authors = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.82rem;
`;
