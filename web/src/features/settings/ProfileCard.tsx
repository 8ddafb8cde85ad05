import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import type { ProfileCard_viewer$key } from '../../__generated__/ProfileCard_viewer.graphql.ts';
import type { ProfileCardMutation } from '../../__generated__/ProfileCardMutation.graphql.ts';
import { updateProfileInput } from '../../../../shared/inputs/settings.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { serverErrorsOf, useSchemaForm } from '../../lib/forms.ts';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { SettingsCard } from './SettingsCard.tsx';

/** Name (editable for a built-in account) and email. */
export function ProfileCard({ viewer }: { viewer: ProfileCard_viewer$key }) {
  const user = useFragment(
    graphql`
      fragment ProfileCard_viewer on User {
        firstName
        lastName
        email
        signIn {
          method
        }
      }
    `,
    viewer,
  );
  const builtIn = user.signIn.method === 'builtIn';
  const form = useSchemaForm(updateProfileInput, { firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
  const { errors, isDirty } = form.formState;
  const [save, saving] = useMutationAction<ProfileCardMutation>(graphql`
    mutation ProfileCardMutation($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        viewer {
          firstName
          lastName
          ...Sidebar_viewer
        }
      }
    }
  `);
  const submit = form.handleSubmit((input) =>
    save(
      { input },
      {
        success: SUCCESS.profileUpdated,
        failure: FAILURE.updateProfile,
        onFieldErrors: serverErrorsOf(form),
        onDone: () => form.reset(input),
      },
    ),
  );
  return (
    <SettingsCard
      title="Profile"
      description={builtIn ? 'Your name as Budget shows it.' : 'Your name and email come from your sign-in provider: change them there.'}
    >
      {builtIn ? (
        <Form onSubmit={submit} noValidate aria-label="Profile">
          <Field label="First name" error={errors.firstName?.message}>
            <Input {...form.register('firstName')} autoComplete="given-name" maxLength={100} />
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            <Input {...form.register('lastName')} autoComplete="family-name" maxLength={100} />
          </Field>
          <Field label="Email" hint="Your sign-in email.">
            <ReadOnly value={user.email ?? ''} readOnly />
          </Field>
          <Save>
            <Button type="submit" disabled={saving || !isDirty}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </Save>
        </Form>
      ) : (
        <Facts>
          <dt>Name</dt>
          <dd>{[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}</dd>
          <dt>Email</dt>
          <dd>{user.email ?? 'No email'}</dd>
        </Facts>
      )}
    </SettingsCard>
  );
}

const Form = styled.form`
  margin-top: 1rem;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.9rem;
  > :nth-child(3) {
    grid-column: 1 / -1;
  }
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    grid-template-columns: 1fr;
  }
`;
const ReadOnly = styled(Input)`
  background: ${({ theme }) => theme.color.surfaceMuted};
  color: ${({ theme }) => theme.color.textMuted};
`;
const Save = styled.div`
  grid-column: 1 / -1;
  display: flex;
  justify-content: flex-end;
`;
const Facts = styled.dl`
  margin-top: 1rem;
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1rem;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
