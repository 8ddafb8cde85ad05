import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { formatMoney } from '../../lib/money.ts';
import { chartNumber } from '../reports/chart-number.ts';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

/** A forecast's projected balance per day (docs/product.md#forecast), with the zero line. */
export default function ForecastChart({ days, height = 200 }: { days: readonly { date: string; balance: string }[]; height?: number }) {
  const theme = useTheme();
  const data = days.map((d) => ({ name: dayLabel(d.date), balance: chartNumber(d.balance), label: formatMoney(d.balance) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <AreaChart data={data} margin={{ left: 4, right: 8, top: 8 }}>
        <CartesianGrid vertical={false} stroke={theme.color.border} />
        <XAxis dataKey="name" stroke={theme.color.textMuted} fontSize={12} interval="preserveStartEnd" minTickGap={24} />
        <YAxis
          tickFormatter={(v: number) => `$${v.toLocaleString('en-US')}`}
          stroke={theme.color.textMuted}
          fontSize={12}
          width={72}
          allowDecimals={false}
        />
        <Tooltip
          formatter={(_v, _name, item) => [item.payload.label, 'Balance']}
          contentStyle={{ background: theme.color.surface, border: `1px solid ${theme.color.border}`, color: theme.color.text }}
        />
        <ReferenceLine y={0} stroke={theme.color.danger} strokeDasharray="4 4" />
        <Area type="stepAfter" dataKey="balance" stroke={theme.color.primary} fill={theme.color.primarySoft} isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
