import { formatEuros } from '@l4l/shared/format';
import type { MoneySummary } from '@l4l/shared/schemas/admin-money';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The four series of the summary's weeks. */
export type Series = 'payments' | 'fees' | 'refunds' | 'transfers';

const COLORS: Record<Series, string> = {
  payments: '#1d2f55',
  fees: '#a4701c',
  refunds: '#b42318',
  transfers: '#1c6b43',
};

/** '2026-11-16' → '16/11': the week's Monday, short enough for the axis. */
const shortDay = (iso: string) => {
  const [, month, day] = iso.slice(0, 10).split('-');
  return `${Number(day)}/${Number(month)}`;
};

/** One series per week as bars (recharts, loaded on demand: docs/decisions/0008). */
export function WeekChart({
  weeks,
  series,
  label,
}: {
  weeks: MoneySummary['weeks'];
  series: Series;
  label: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart accessibilityLayer={false} data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#dedbd3" />
        <XAxis dataKey="week" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#545b69' }} />
        <YAxis
          width={64}
          tickFormatter={(value: number) => formatEuros(value)}
          tick={{ fontSize: 12, fill: '#545b69' }}
        />
        <Tooltip
          formatter={(value) => [formatEuros(Number(value)), label]}
          labelFormatter={(week) => shortDay(String(week))}
        />
        <Bar
          dataKey={series}
          name={label}
          fill={COLORS[series]}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
