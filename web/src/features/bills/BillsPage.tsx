import { graphql } from 'react-relay';
import type { BillsPageQuery } from '../../__generated__/BillsPageQuery.graphql.ts';
import { useRouteQuery } from '../../relay/route-query.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BillDialog } from './BillDialog.tsx';
import { ActiveBills, InactiveBills } from './BillList.tsx';
import { BillTabs } from './BillTabs.tsx';
import { UpcomingBills } from './UpcomingBills.tsx';

/**
 * Recurring Bills (docs/product.md#recurring-bills): Add Bill, the upcoming card and the Active /
 * Inactive tabs. Each part reads its own fragment; each mutation returns what it changed.
 */
export default function BillsPage() {
  const { viewer } = useRouteQuery<BillsPageQuery>(
    graphql`
      query BillsPageQuery {
        viewer {
          ...UpcomingBills_viewer
          ...BillTabs_counts
          ...BillList_active
          ...BillList_inactive
          ...BillDialog_viewer
        }
      }
    `,
    {},
  );
  return (
    <>
      <PageHeader title="Recurring Bills" description="Never miss a due date." actions={<BillDialog viewer={viewer} />} />
      <UpcomingBills viewer={viewer} />
      <BillTabs
        counts={viewer}
        active={<ActiveBills bills={viewer} categories={viewer} />}
        inactive={<InactiveBills bills={viewer} categories={viewer} />}
      />
    </>
  );
}
