import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { graphql, useFragment } from 'react-relay';
import { useTheme } from 'styled-components';
import type { NetWorthChart_months$key } from '../../__generated__/NetWorthChart_months.graphql.ts';
import { formatMoney } from '../../lib/money.ts';
import { chartNumber, monthLabel } from './chart-number.ts';

/** Net worth at each month's end ("2026-03" → "Mar 26"), oldest first; the tooltip shows the server's figure. */
export function NetWorthChart({ months: key, height }: { months: NetWorthChart_months$key; height: number }) {
  const theme = useTheme();
  const months = useFragment(
    graphql`
      fragment NetWorthChart_months on NetWorthMonth @relay(plural: true) {
        month
        total
      }
    `,
    key,
  );
  const data = months.map((m) => ({
    name: monthLabel(m.month),
    total: chartNumber(m.total),
    label: formatMoney(m.total),
  }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <AreaChart data={data} margin={{ left: 8, right: 8, top: 8 }} aria-label="Net worth by month">
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
          formatter={(_v, _name, item) => [item.payload.label, 'Net worth']}
          contentStyle={{ background: theme.color.surface, border: `1px solid ${theme.color.border}`, color: theme.color.text }}
        />
        <Area
          type="monotone"
          dataKey="total"
          name="Net worth"
          stroke={theme.color.primary}
          fill={theme.color.primarySoft}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
