import { SearchX } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';

/**
 * A screen limited (in its URL) to an account that is not one of the user's: deleted since, an id
 * mistyped or copied raw, another user's. `what` names what was limited ("This report").
 */
export function AccountNotFound({ what, onShowAll }: { what: string; onShowAll(): void }) {
  return (
    <EmptyState
      icon={<SearchX aria-hidden />}
      title="Account not found"
      text={`${what} was limited to an account that does not exist: it may have been deleted.`}
      action={
        <Button type="button" onClick={onShowAll}>
          Show all accounts
        </Button>
      }
    />
  );
}
