import { useState } from 'react';
import { graphql } from 'react-relay';
import { ListRestart } from 'lucide-react';
import type { AssignFromPlanButtonMutation } from '../../__generated__/AssignFromPlanButtonMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { useShownMonth } from './budget-variables.ts';

/** Assign from plan, after a confirmation: every category of the month follows its plan again (its amounts set for the month go). */
export function AssignFromPlanButton({ month, label }: { month: string; label: string }) {
  const [confirming, setConfirming] = useState(false);
  const shown = useShownMonth();
  const [assign, assigning] = useMutationAction<AssignFromPlanButtonMutation>(graphql`
    mutation AssignFromPlanButtonMutation($input: AssignFromPlanInput!, $month: String) {
      assignFromPlan(input: $input) {
        viewer {
          budgetMonth(month: $month) {
            ...BudgetMonth_month
          }
        }
      }
    }
  `);
  return (
    <>
      <Button type="button" $variant="secondary" $size="sm" onClick={() => setConfirming(true)}>
        <ListRestart aria-hidden /> Assign from plan
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={`Assign ${label} from the plan?`}
          description={`Every category's assigned amount in ${label} goes back to its plan; amounts you set for ${label} are replaced.`}
          confirmLabel="Assign from plan"
          busy={assigning}
          onConfirm={() =>
            assign(
              { input: { month }, month: shown },
              { success: SUCCESS.assignedFromPlan, failure: FAILURE.assignFromPlan, onDone: () => setConfirming(false) },
            )
          }
        />
      )}
    </>
  );
}
