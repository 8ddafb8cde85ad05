import { graphql } from 'react-relay';
import { Check, SkipForward } from 'lucide-react';
import type { OccurrenceActionsPostMutation } from '../../__generated__/OccurrenceActionsPostMutation.graphql.ts';
import type { OccurrenceActionsSkipMutation } from '../../__generated__/OccurrenceActionsSkipMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

/**
 * Post / Skip for one occurrence of a schedule (docs/product.md#schedules). `onDone` reloads the
 * screen: a post moves balances, totals and lists the payload cannot name.
 */
export function OccurrenceActions({ id, date, payee, onDone }: { id: string; date: string; payee: string; onDone(): void }) {
  const [post, posting] = useMutationAction<OccurrenceActionsPostMutation>(graphql`
    mutation OccurrenceActionsPostMutation($input: ScheduleOccurrenceInput!) {
      postScheduleOccurrence(input: $input) {
        schedule {
          id
          nextDate
        }
        viewer {
          netWorth
          allAccounts {
            id
            balance
          }
        }
      }
    }
  `);
  const [skip, skipping] = useMutationAction<OccurrenceActionsSkipMutation>(graphql`
    mutation OccurrenceActionsSkipMutation($input: ScheduleOccurrenceInput!) {
      skipScheduleOccurrence(input: $input) {
        schedule {
          id
          nextDate
        }
      }
    }
  `);
  const input = { id, date };
  const readOnly = useReadOnlyControl();
  return (
    <>
      <Button
        type="button"
        $size="sm"
        aria-label={`Post ${payee}`}
        disabled={posting || skipping}
        {...readOnly}
        onClick={() => post({ input }, { success: SUCCESS.occurrencePosted, failure: FAILURE.postOccurrence, onDone })}
      >
        <Check aria-hidden /> Post
      </Button>
      <Button
        type="button"
        $size="sm"
        $variant="secondary"
        aria-label={`Skip ${payee}`}
        disabled={posting || skipping}
        {...readOnly}
        onClick={() => skip({ input }, { success: SUCCESS.occurrenceSkipped, failure: FAILURE.skipOccurrence, onDone })}
      >
        <SkipForward aria-hidden /> Skip
      </Button>
    </>
  );
}
