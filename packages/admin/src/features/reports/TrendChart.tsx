import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FIGURE_LABELS, type DayFigures, type DaySeriesPoint } from '@app/contract';
import { yuan } from '../../shared/format';

export interface Series {
  key: keyof DaySeriesPoint & keyof DayFigures;
  color: string;
  /** drawn as a filled area (the first) or a line */
  area?: boolean;
}

/** 10000 → 1万: the axis stays narrow. */
function axisText(v: number, money: boolean): string {
  if (Math.abs(v) >= 10_000) return `${(v / 10_000).toLocaleString('zh-CN', { maximumFractionDigits: 1 })}万`;
  return v.toLocaleString('zh-CN', { maximumFractionDigits: money ? 0 : 0 });
}

/** The per-day chart of 数据概览 (loaded apart: recharts is large and only this page needs it). */
export default function TrendChart({ days, series, money }: { days: DaySeriesPoint[]; series: Series[]; money: boolean }) {
  return (
    <div data-testid="dashboard-chart" style={{ width: '100%', height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 12, right: 16, bottom: 0, left: 4 }}>
          <defs>
            {series.map((s) => (
              <linearGradient key={s.key} id={`rep-${s.key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={s.color} stopOpacity={0.28} />
                <stop offset="100%" stopColor={s.color} stopOpacity={0.02} />
              </linearGradient>
            ))}
          </defs>
          <CartesianGrid stroke="#eef0f6" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} tick={{ fontSize: 11, fill: '#8a90a6' }} tickLine={false} axisLine={{ stroke: '#e3e6ef' }} minTickGap={16} />
          <YAxis width={56} tick={{ fontSize: 11, fill: '#8a90a6' }} tickLine={false} axisLine={false} allowDecimals={false} tickFormatter={(v: number) => axisText(v, money)} />
          <Tooltip
            formatter={(v, name) => [money ? yuan(Number(v)) : Number(v).toLocaleString('zh-CN'), String(name)]}
            labelFormatter={(d) => String(d)}
            contentStyle={{ borderRadius: 8, border: 'none', boxShadow: '0 6px 20px rgba(20, 30, 80, .15)', fontSize: 12 }}
          />
          <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
          {series.map((s) =>
            s.area ? (
              <Area key={s.key} type="monotone" dataKey={s.key} name={FIGURE_LABELS[s.key]} stroke={s.color} strokeWidth={2} fill={`url(#rep-${s.key})`} isAnimationActive={false} dot={false} activeDot={{ r: 4 }} />
            ) : (
              <Line key={s.key} type="monotone" dataKey={s.key} name={FIGURE_LABELS[s.key]} stroke={s.color} strokeWidth={2} isAnimationActive={false} dot={false} activeDot={{ r: 4 }} />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
