import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { BillTabs_counts$key } from '../../__generated__/BillTabs_counts.graphql.ts';
import { Tab, Tabs, TabsContent, TabsList } from '../../components/Tabs.tsx';

/**
 * Active Bills (n) and Inactive Bills (n). The counts are their own fields (`first: 0`), apart
 * from the paginated lists: a mutation that adds, deletes, pauses or resumes a bill selects
 * `BillTabs_counts` in its payload and moves the counts without refetching a list.
 */
export function BillTabs({ counts, active, inactive }: { counts: BillTabs_counts$key; active: ReactNode; inactive: ReactNode }) {
  const { activeCount, inactiveCount } = useFragment(
    graphql`
      fragment BillTabs_counts on User {
        activeCount: recurringBills(active: true, first: 0) {
          totalCount
        }
        inactiveCount: recurringBills(active: false, first: 0) {
          totalCount
        }
      }
    `,
    counts,
  );
  return (
    <Tabs defaultValue="active" style={{ marginTop: '1.5rem' }}>
      <TabsList aria-label="Bills">
        <Tab value="active">Active Bills ({activeCount.totalCount})</Tab>
        <Tab value="inactive">Inactive Bills ({inactiveCount.totalCount})</Tab>
      </TabsList>
      <TabsContent value="active">{active}</TabsContent>
      <TabsContent value="inactive">{inactive}</TabsContent>
    </Tabs>
  );
}
