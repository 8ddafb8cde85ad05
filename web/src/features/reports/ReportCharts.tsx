import { Bar, BarChart, CartesianGrid, Cell, DefaultLegendContent, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { ReportCharts_months$key } from '../../__generated__/ReportCharts_months.graphql.ts';
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

/** What a bar opens when clicked: the Transactions screen filtered to its category and the window. */
type Linked = { link: string };

export function SpendingChart({ rows }: { rows: readonly ({ name: string; amount: string } & Linked)[] }) {
  const theme = useTheme();
  const open = useOpenBar(rows);
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
        <Bar dataKey="value" fill={theme.color.primary} radius={[0, 6, 6, 0]} isAnimationActive={false} {...open} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * Each category's budget for the window (its envelope: a percentage of the window's income, or its
 * allocated amount) against what it spent, red when over (docs/product.md#reports).
 */
export function BudgetVsActualChart({
  rows,
}: {
  rows: readonly ({ name: string; budget: string; spent: string; over: boolean } & Linked)[];
}) {
  const theme = useTheme();
  const open = useOpenBar(rows);
  const data = rows.map((r) => ({
    name: r.name,
    budget: toNumber(r.budget),
    spent: toNumber(r.spent),
    over: r.over,
    budgetLabel: formatMoney(r.budget),
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
          formatter={(_v, name, item) => [name === 'Budget' ? item.payload.budgetLabel : item.payload.spentLabel, name]}
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
        <Bar dataKey="budget" name="Budget" fill={theme.color.textMuted} radius={[0, 6, 6, 0]} isAnimationActive={false} {...open} />
        <Bar dataKey="spent" name="Spent" fill={theme.color.primary} radius={[0, 6, 6, 0]} isAnimationActive={false} {...open}>
          {data.map((d) => (
            <Cell key={d.name} fill={d.over ? theme.color.danger : theme.color.primary} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A bar's click handler and pointer: clicking row i's bar opens its link. */
function useOpenBar(rows: readonly Linked[]) {
  const navigate = useNavigate();
  return { cursor: 'pointer', onClick: (_data: unknown, index: number) => navigate(rows[index]!.link) };
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

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
    name: MONTH.format(new Date(`${m.month}-01T00:00:00Z`)),
    income: toNumber(m.income),
    spending: toNumber(m.spending),
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
