import { useState } from 'react';
import { graphql } from 'react-relay';
import type { GoalsPageQuery } from '../../__generated__/GoalsPageQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { GoalContributionsDialog } from './GoalContributionsDialog.tsx';
import { GoalDialog } from './GoalDialog.tsx';
import { ActiveGoals, CompletedGoals } from './GoalList.tsx';

/** Savings Goals: the active goals with their progress, then the completed ones. */
export default function GoalsPage() {
  const { viewer } = useRouteQuery<GoalsPageQuery>(
    graphql`
      query GoalsPageQuery {
        viewer {
          ...GoalList_active
          ...GoalList_completed
        }
      }
    `,
    {},
  );
  const [history, setHistory] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <PageHeader title="Savings Goals" description="Save towards what matters to you." actions={<GoalDialog />} />
      <ActiveGoals viewer={viewer} onShowContributions={setHistory} />
      <CompletedGoals viewer={viewer} onShowContributions={setHistory} />
      {history && <GoalContributionsDialog goal={history} onClose={() => setHistory(null)} />}
    </>
  );
}
