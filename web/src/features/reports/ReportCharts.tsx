import { Bar, BarChart, CartesianGrid, Cell, DefaultLegendContent, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { formatMoney } from '../../lib/money.ts';

/** Recharts needs numbers to draw bars; the figures shown stay the server's decimal strings. */
// Bar lengths only, never shown or summed.
// eslint-disable-next-line money/no-float-money
const toNumber = (money: string) => Number.parseFloat(money);

/**
 * The money axis of both charts: whole-dollar ticks in round steps (1, 2, 2.5 or 5 × 10ⁿ), not
 * the data's maximum split in four ($950, $1,900, …).
 */
function MoneyAxis() {
  const theme = useTheme();
  return (
    <XAxis
      type="number"
      niceTicks="snap125"
      allowDecimals={false}
      tickFormatter={(v: number) => `$${v.toLocaleString('en-US')}`}
      stroke={theme.color.textMuted}
      fontSize={12}
    />
  );
}

export function SpendingChart({ rows }: { rows: readonly { name: string; amount: string }[] }) {
  const theme = useTheme();
  const data = rows.map((r) => ({ name: r.name, value: toNumber(r.amount), label: formatMoney(r.amount) }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, data.length * 44)}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24 }}>
        <CartesianGrid horizontal={false} stroke={theme.color.border} />
        <MoneyAxis />
        <YAxis type="category" dataKey="name" width={120} stroke={theme.color.textMuted} fontSize={12} />
        <Tooltip
          formatter={(_v, _n, item) => [item.payload.label, 'Spent']}
          contentStyle={{ background: theme.color.surface, border: `1px solid ${theme.color.border}`, color: theme.color.text }}
          cursor={{ fill: theme.color.surfaceMuted }}
        />
        <Bar dataKey="value" fill={theme.color.primary} radius={[0, 6, 6, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function BudgetVsActualChart({
  rows,
}: {
  rows: readonly { name: string; allocated: string; spent: string; overBudget: boolean }[];
}) {
  const theme = useTheme();
  const data = rows.map((r) => ({
    name: r.name,
    allocated: toNumber(r.allocated),
    spent: toNumber(r.spent),
    over: r.overBudget,
    allocatedLabel: formatMoney(r.allocated),
    spentLabel: formatMoney(r.spent),
  }));
  return (
    // Horizontal bars, like Spending by Category: long names and many categories stay readable.
    <ResponsiveContainer width="100%" height={Math.max(200, data.length * 56 + 40)}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24 }}>
        <CartesianGrid horizontal={false} stroke={theme.color.border} />
        <MoneyAxis />
        <YAxis type="category" dataKey="name" width={120} stroke={theme.color.textMuted} fontSize={12} interval={0} />
        <Tooltip
          formatter={(_v, name, item) => [name === 'Allocated' ? item.payload.allocatedLabel : item.payload.spentLabel, name]}
          contentStyle={{ background: theme.color.surface, border: `1px solid ${theme.color.border}`, color: theme.color.text }}
          cursor={{ fill: theme.color.surfaceMuted }}
        />
        {/* The red Spent bars need a key of their own. */}
        <Legend
          content={(props) => (
            <DefaultLegendContent
              {...props}
              payload={[...(props.payload ?? []), { value: 'Over budget', type: 'rect', color: theme.color.danger }]}
            />
          )}
        />
        <Bar dataKey="allocated" name="Allocated" fill={theme.color.textMuted} radius={[0, 6, 6, 0]} isAnimationActive={false} />
        <Bar dataKey="spent" name="Spent" fill={theme.color.primary} radius={[0, 6, 6, 0]} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.name} fill={d.over ? theme.color.danger : theme.color.primary} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
