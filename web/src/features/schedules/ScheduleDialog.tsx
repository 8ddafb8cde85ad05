import { graphql, useFragment } from 'react-relay';
import type { ScheduleDialogAddMutation } from '../../__generated__/ScheduleDialogAddMutation.graphql.ts';
import type { ScheduleDialogUpdateMutation } from '../../__generated__/ScheduleDialogUpdateMutation.graphql.ts';
import type { ScheduleDialog_schedule$data, ScheduleDialog_schedule$key } from '../../__generated__/ScheduleDialog_schedule.graphql.ts';
import type { ScheduleDialog_viewer$key } from '../../__generated__/ScheduleDialog_viewer.graphql.ts';
import { useFormMutation, type FormSend } from '../../app/use-form-mutation.ts';
import { AddButton } from '../../components/Button.tsx';
import { Checkbox, Field, FormRow, Input, Select } from '../../components/Form.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { MONEY_FIELD } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { AccountField } from '../accounts/AccountField.tsx';
import { useAccountOptions } from '../accounts/use-account-options.ts';
import { CategoryField } from '../budget/CategoryField.tsx';
import { useCategoryOptions } from '../budget/use-category-options.ts';
import {
  SCHEDULE_FREQUENCIES,
  SCHEDULE_FREQUENCY_LABELS,
  SCHEDULE_KIND_LABELS,
  SCHEDULE_KINDS,
  type ScheduleFrequency,
  type ScheduleKind,
} from '../../../../shared/inputs/schedules.ts';
import { emptySchedule, fieldOf, scheduleForm, toInput, type ScheduleValues } from './schedule-form.ts';

const ADD = graphql`
  mutation ScheduleDialogAddMutation($input: AddScheduleInput!) {
    addSchedule(input: $input) {
      schedule {
        id
      }
    }
  }
`;
const UPDATE = graphql`
  mutation ScheduleDialogUpdateMutation($input: UpdateScheduleInput!) {
    updateSchedule(input: $input) {
      schedule {
        id
        ...ScheduleDialog_schedule
      }
    }
  }
`;

function valuesOf(s: ScheduleDialog_schedule$data): ScheduleValues {
  const text = (n: number | null | undefined, fallback = '') => (n == null ? fallback : String(n));
  return {
    kind: s.kind as ScheduleKind,
    amount: s.amount,
    payee: s.payee,
    categoryId: s.category?.id ?? '',
    accountId: s.account.id,
    toAccountId: s.toAccount?.id ?? '',
    frequency: s.frequency as ScheduleFrequency,
    interval: text(s.interval, '30'),
    dayOfMonth: text(s.dayOfMonth, String(Number(s.startDate.slice(8, 10)))),
    day1: text(s.days[0], '1'),
    day2: text(s.days[1], '15'),
    startDate: s.startDate,
    ending: s.endDate ? 'date' : s.occurrences ? 'count' : 'never',
    endDate: s.endDate ?? '',
    occurrences: text(s.occurrences),
    autoPost: s.autoPost,
  };
}

/**
 * Add Schedule (the header's button) or, given `schedule`, Edit Schedule (a row's, mounted while
 * open): every frequency's fields (docs/product.md#schedules). `onSaved` reloads the screen: what
 * a save posts and the upcoming dates are the server's to compute.
 */
export function ScheduleDialog({
  viewer,
  schedule,
  open,
  onOpenChange,
  onSaved,
}: {
  viewer: ScheduleDialog_viewer$key;
  schedule?: ScheduleDialog_schedule$key;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  onSaved(): void;
}) {
  const v = useFragment(
    graphql`
      fragment ScheduleDialog_viewer on User {
        ...useAccountOptions_viewer
        ...useCategoryOptions_viewer
      }
    `,
    viewer,
  );
  const { accounts, defaultId } = useAccountOptions(v);
  const categories = useCategoryOptions(v);
  const record = useFragment(
    graphql`
      fragment ScheduleDialog_schedule on Schedule {
        id
        kind
        amount
        payee
        category {
          id
        }
        account {
          id
        }
        toAccount {
          id
        }
        frequency
        interval
        dayOfMonth
        days
        startDate
        endDate
        occurrences
        autoPost
      }
    `,
    schedule ?? null,
  );
  type Save = ScheduleDialogAddMutation | ScheduleDialogUpdateMutation;
  const dialog = useFormMutation(scheduleForm, emptySchedule(defaultId || accounts[0]?.id || ''), {
    values: record ? valuesOf(record) : undefined,
    open,
    onOpenChange,
    mutation: record ? UPDATE : ADD,
    send: (values): FormSend<Save> => {
      const input = toInput(values);
      // The two days of "twice a month" are one field of the server's (`days`), the first of the form's.
      const onFieldErrors = (errors: Record<string, string>) => {
        for (const [path, message] of Object.entries(errors))
          form.setError(fieldOf(path) as keyof ScheduleValues, { type: 'server', message });
      };
      return record
        ? {
            variables: { input: { ...input, id: record.id } },
            success: SUCCESS.scheduleUpdated,
            failure: FAILURE.updateSchedule,
            onFieldErrors,
          }
        : { variables: { input }, success: SUCCESS.scheduleAdded, failure: FAILURE.addSchedule, onFieldErrors };
    },
    onSaved,
  });
  const { form } = dialog;
  const { errors } = form.formState;
  const [kind, frequency, ending] = form.watch(['kind', 'frequency', 'ending']);
  return (
    <FormDialog
      {...dialog.frame}
      title={record ? 'Edit Schedule' : 'Add Schedule'}
      description={record ? undefined : 'An expense, paycheck or transfer that comes back.'}
      trigger={!record && <AddButton>Add Schedule</AddButton>}
      submitLabel={record ? 'Save' : 'Add Schedule'}
      savingLabel={record ? 'Saving…' : 'Adding…'}
    >
      <FormRow>
        <Field label="Kind">
          <Select {...form.register('kind')}>
            {SCHEDULE_KINDS.map((k) => (
              <option key={k} value={k}>
                {SCHEDULE_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Amount" error={errors.amount?.message}>
          <Input {...form.register('amount', MONEY_FIELD)} inputMode="decimal" placeholder="0.00" />
        </Field>
      </FormRow>
      <Field label="Payee" error={errors.payee?.message}>
        <Input {...form.register('payee')} maxLength={200} placeholder="e.g. Landlord" autoFocus />
      </Field>
      <FormRow>
        <AccountField
          label={kind === 'paycheck' ? 'Paid into' : 'Account'}
          accounts={accounts}
          required
          error={errors.accountId?.message}
          {...form.register('accountId')}
        />
        {kind === 'transfer' && (
          <AccountField
            label="To account"
            accounts={accounts}
            required
            error={errors.toAccountId?.message}
            {...form.register('toAccountId')}
          />
        )}
        {kind === 'expense' && (
          <CategoryField
            label="Category (optional)"
            categories={categories}
            error={errors.categoryId?.message}
            {...form.register('categoryId')}
          >
            <option value="">No category</option>
          </CategoryField>
        )}
      </FormRow>
      <FormRow>
        <Field label="Frequency">
          <Select {...form.register('frequency')}>
            {SCHEDULE_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {SCHEDULE_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </Field>
        {frequency === 'monthly' && (
          <Field label="Day of the month" hint="31 = the last day" error={errors.dayOfMonth?.message}>
            <Input type="number" min={1} max={31} {...form.register('dayOfMonth')} />
          </Field>
        )}
        {frequency === 'every_n_days' && (
          <Field label="Every how many days" error={errors.interval?.message}>
            <Input type="number" min={1} max={366} {...form.register('interval')} />
          </Field>
        )}
      </FormRow>
      {frequency === 'semimonthly' && (
        <FormRow>
          <Field label="First day" error={errors.day1?.message}>
            <Input type="number" min={1} max={31} {...form.register('day1')} />
          </Field>
          <Field label="Second day">
            <Input type="number" min={1} max={31} {...form.register('day2')} />
          </Field>
        </FormRow>
      )}
      <FormRow>
        <Field label="Start date" error={errors.startDate?.message}>
          <Input type="date" {...form.register('startDate')} />
        </Field>
        <Field label="Ends">
          <Select {...form.register('ending')}>
            <option value="never">Never</option>
            <option value="date">On a date</option>
            <option value="count">After a number of times</option>
          </Select>
        </Field>
      </FormRow>
      {ending === 'date' && (
        <Field label="End date" error={errors.endDate?.message}>
          <Input type="date" {...form.register('endDate')} />
        </Field>
      )}
      {ending === 'count' && (
        <Field label="Number of times" error={errors.occurrences?.message}>
          <Input type="number" min={1} max={1000} {...form.register('occurrences')} />
        </Field>
      )}
      <Checkbox>
        <input type="checkbox" {...form.register('autoPost')} /> Post automatically (otherwise ask first on the Dashboard)
      </Checkbox>
    </FormDialog>
  );
}
