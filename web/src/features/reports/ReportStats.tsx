import { graphql, useFragment } from 'react-relay';
import type { ReportStats_report$key } from '../../__generated__/ReportStats_report.graphql.ts';
import { Grid, StatCard } from '../../components/Card.tsx';
import { formatMoney, isNegative } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';

/** The window's four figures: income, spending (with its count of transactions), net savings and the savings rate. */
export function ReportStats({ report }: { report: ReportStats_report$key }) {
  const r = useFragment(
    graphql`
      fragment ReportStats_report on Report {
        totalIncome
        totalSpent
        transactionCount
        netSavings
        savingsRate
      }
    `,
    report,
  );
  return (
    <Grid $min="210px">
      <StatCard label="Total Income" value={formatMoney(r.totalIncome)} />
      <StatCard label="Total Spent" value={formatMoney(r.totalSpent)} hint={plural(r.transactionCount, 'transaction')} />
      <StatCard label="Net Savings" value={formatMoney(r.netSavings)} tone={isNegative(r.netSavings) ? 'danger' : undefined} />
      <StatCard label="Savings Rate" value={`${r.savingsRate}%`} />
    </Grid>
  );
}
