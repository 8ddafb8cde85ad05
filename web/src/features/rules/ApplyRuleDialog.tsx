import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ApplyRuleDialogQuery } from '../../__generated__/ApplyRuleDialogQuery.graphql.ts';
import type { ApplyRuleDialogMutation } from '../../__generated__/ApplyRuleDialogMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormActions } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { plural } from '../../lib/plural.ts';

/**
 * Apply a rule to the records already there (docs/product.md#rules): first how many it would
 * change, counted by the server, then "Apply to 214 matching records". Open while mounted.
 */
export function ApplyRuleDialog({ id, summary, onClose, onApplied }: { id: string; summary: string; onClose(): void; onApplied(): void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Apply to existing records" description={summary}>
      <Suspense fallback={<p role="status">Counting the matching records…</p>}>
        <ApplyBody id={id} onClose={onClose} onApplied={onApplied} />
      </Suspense>
    </Dialog>
  );
}

function ApplyBody({ id, onClose, onApplied }: { id: string; onClose(): void; onApplied(): void }) {
  const { node } = useLazyLoadQuery<ApplyRuleDialogQuery>(
    graphql`
      query ApplyRuleDialogQuery($id: ID!) {
        node(id: $id) {
          ... on Rule {
            matchingCount
          }
        }
      }
    `,
    { id },
    { fetchPolicy: 'network-only' },
  );
  const [apply, applying] = useMutationAction<ApplyRuleDialogMutation>(graphql`
    mutation ApplyRuleDialogMutation($id: ID!) {
      applyRule(id: $id) {
        updated
      }
    }
  `);
  const count = node?.matchingCount ?? 0;
  return (
    <>
      <p>
        {count === 0
          ? 'No existing record would change: they already read as this rule says, or none matches.'
          : `${plural(count, 'existing record')} would change.`}
      </p>
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={applying || count === 0}
          onClick={() =>
            apply(
              { id },
              {
                success: SUCCESS.ruleApplied,
                failure: FAILURE.applyRule,
                onDone: () => {
                  onClose();
                  onApplied();
                },
              },
            )
          }
        >
          {applying ? 'Applying…' : `Apply to ${plural(count, 'matching record')}`}
        </Button>
      </FormActions>
    </>
  );
}
