import styled from 'styled-components';
import { graphql } from 'react-relay';
import type { SettingsPageQuery } from '../../__generated__/SettingsPageQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SignInCard } from './SignInCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { ApiTokensCard } from './ApiTokensCard.tsx';
import { ConnectedBanksCard } from './ConnectedBanksCard.tsx';
import { YourDataCard } from './YourDataCard.tsx';
import { RemindersCard } from './RemindersCard.tsx';
import { BudgetCard } from '../budgets/BudgetCard.tsx';
import { BudgetActivity } from '../budgets/BudgetActivity.tsx';
import { PersonalScope } from '../../app/read-only.tsx';

/**
 * docs/product.md#settings: the budget the tab works in (its members, invitations and activity),
 * the signed-in user's account, reminders, sign-in, sessions, connected banks, API tokens and data.
 */
export default function SettingsPage() {
  const { viewer } = useRouteQuery<SettingsPageQuery>(
    graphql`
      query SettingsPageQuery {
        viewer {
          currentBudget {
            ...BudgetCard_budget
            ...BudgetActivity_budget
          }
          ...ProfileCard_viewer
          ...RemindersCard_viewer
          ...SignInCard_viewer
          ...SessionsCard_viewer
          ...ApiTokensCard_viewer
          ...ConnectedBanksCard_viewer
          ...YourDataCard_viewer
        }
      }
    `,
    {},
  );
  return (
    <>
      <PageHeader title="Settings" description="Your budget, your account, how you sign in, and your data." />
      <Stack>
        {/* The person's own settings and membership: a viewer of the budget changes them too. */}
        <PersonalScope>
          <BudgetCard budget={viewer.currentBudget} />
          <ProfileCard viewer={viewer} />
          <RemindersCard viewer={viewer} />
          <SignInCard viewer={viewer} />
          <SessionsCard viewer={viewer} />
        </PersonalScope>
        <ConnectedBanksCard viewer={viewer} />
        <PersonalScope>
          <ApiTokensCard viewer={viewer} />
          <YourDataCard viewer={viewer} />
        </PersonalScope>
        <BudgetActivity budget={viewer.currentBudget} />
      </Stack>
    </>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  max-width: 52rem;
`;
