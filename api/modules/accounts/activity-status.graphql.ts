import { builder } from '../../graphql/builder.ts';
import type { ActivityStatus } from '../../../shared/inputs/reconcile.ts';

/** A record's status against the bank (docs/product.md#reconcile), shared by transactions, paychecks, transfers and activity rows. */
export const ActivityStatusEnum = builder.enumType('ActivityStatus', {
  description: 'Where a record stands against the bank.',
  values: {
    UNCLEARED: { value: 'uncleared', description: 'Not yet seen by the bank.' },
    CLEARED: { value: 'cleared', description: 'The bank has it.' },
    RECONCILED: { value: 'reconciled', description: 'Matched to a bank statement by a reconciliation.' },
  } satisfies Record<Uppercase<ActivityStatus>, { value: ActivityStatus; description: string }>,
});
