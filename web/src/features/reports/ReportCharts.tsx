import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { graphql, useFragment } from 'react-relay';
import type { ReportCharts_months$key } from '../../__generated__/ReportCharts_months.graphql.ts';
import { useTheme } from 'styled-components';
import { formatMoney } from '../../lib/money.ts';
import { chartNumber, monthLabel } from './chart-number.ts';

/** Income against spending per calendar month ("2026-03" → "Mar 26"), oldest first. */
export function TrendChart({ months: key }: { months: ReportCharts_months$key }) {
  const theme = useTheme();
  const months = useFragment(
    graphql`
      fragment ReportCharts_months on TrendMonth @relay(plural: true) {
        month
        income
        spending
      }
    `,
    key,
  );
  const data = months.map((m) => ({
    name: monthLabel(m.month),
    income: chartNumber(m.income),
    spending: chartNumber(m.spending),
    incomeLabel: formatMoney(m.income),
    spendingLabel: formatMoney(m.spending),
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ left: 8, right: 8, top: 8 }}>
        <CartesianGrid vertical={false} stroke={theme.color.border} />
        <XAxis dataKey="name" stroke={theme.color.textMuted} fontSize={12} interval="preserveStartEnd" />
        <YAxis
          niceTicks="snap125"
          allowDecimals={false}
          tickFormatter={(v: number) => `$${v.toLocaleString('en-US')}`}
          stroke={theme.color.textMuted}
          fontSize={12}
          width={72}
        />
        <Tooltip
          formatter={(_v, name, item) => [name === 'Income' ? item.payload.incomeLabel : item.payload.spendingLabel, name]}
          contentStyle={{ background: theme.color.surface, border: `1px solid ${theme.color.border}`, color: theme.color.text }}
          cursor={{ fill: theme.color.surfaceMuted }}
        />
        <Legend />
        <Bar dataKey="income" name="Income" fill={theme.color.success} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="spending" name="Spending" fill={theme.color.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
