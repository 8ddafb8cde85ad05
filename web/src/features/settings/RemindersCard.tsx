import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { RemindersCard_viewer$key } from '../../__generated__/RemindersCard_viewer.graphql.ts';
import type { RemindersCardMutation } from '../../__generated__/RemindersCardMutation.graphql.ts';
import {
  MAX_REMINDER_DAYS,
  REMINDER_EMAIL_LABELS,
  REMINDER_EMAIL_MODES,
  reminderSettingsInput,
  type ReminderEmailMode,
} from '../../../../shared/inputs/reminders.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Field, Input, Select } from '../../components/Form.tsx';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { SettingsCard } from './SettingsCard.tsx';

/** docs/product.md#reminders: how many days ahead the bell says what is due, and whether reminders are e-mailed. */
export function RemindersCard({ viewer }: { viewer: RemindersCard_viewer$key }) {
  const { reminderSettings: settings } = useFragment(
    graphql`
      fragment RemindersCard_viewer on User {
        reminderSettings {
          days
          email
        }
      }
    `,
    viewer,
  );
  const form = useSchemaForm(reminderSettingsInput, { reminderDays: settings.days, reminderEmail: settings.email as ReminderEmailMode });
  const { errors, isDirty } = form.formState;
  const [save, saving] = useMutationAction<RemindersCardMutation>(graphql`
    mutation RemindersCardMutation($input: UpdateReminderSettingsInput!) {
      updateReminderSettings(input: $input) {
        viewer {
          ...RemindersCard_viewer
        }
      }
    }
  `);
  const submit = form.handleSubmit((values) =>
    save(
      { input: { days: values.reminderDays, email: values.reminderEmail } },
      {
        success: SUCCESS.remindersUpdated,
        failure: FAILURE.updateReminders,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => form.reset(values),
      },
    ),
  );
  return (
    <SettingsCard title="Reminders" description="What the bell tells you about: bills and schedules that ask first, before they are due.">
      <Form onSubmit={submit} noValidate aria-label="Reminders">
        <Field
          label="Days ahead"
          error={errors.reminderDays?.message}
          hint={`Remind me of a bill or schedule this many days before it is due (0 to ${MAX_REMINDER_DAYS}).`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_REMINDER_DAYS}
            {...form.register('reminderDays', { valueAsNumber: true })}
          />
        </Field>
        <Field label="E-mail" error={errors.reminderEmail?.message} hint="Sent only when the server's operator has set up e-mail.">
          <Select {...form.register('reminderEmail')}>
            {REMINDER_EMAIL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {REMINDER_EMAIL_LABELS[mode]}
              </option>
            ))}
          </Select>
        </Field>
        <Save>
          <Button type="submit" disabled={saving || !isDirty}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </Save>
      </Form>
    </SettingsCard>
  );
}

const Form = styled.form`
  margin-top: 1rem;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.9rem;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    grid-template-columns: 1fr;
  }
`;
const Save = styled.div`
  grid-column: 1 / -1;
  display: flex;
  justify-content: flex-end;
`;
