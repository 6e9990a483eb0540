import { useState } from 'react';
import { Segmented } from 'antd';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AgentDay } from '@app/contract';
import { count, shortDay, yuan } from '../../../shared/format';

type Metric = 'deposits' | 'valid_bets' | 'new_members';
const METRICS: { value: Metric; label: string; color: string; money: boolean }[] = [
  { value: 'deposits', label: '存款', color: '#3a5bef', money: true },
  { value: 'valid_bets', label: '有效投注', color: '#e9a23b', money: true },
  { value: 'new_members', label: '新增会员', color: '#17a673', money: false },
];

/** 10000 → 1万: the axis stays narrow on a phone. */
function axisText(v: number, money: boolean): string {
  if (!money) return String(v);
  if (Math.abs(v) >= 10_000) return `${(v / 10_000).toLocaleString('zh-CN', { maximumFractionDigits: 1 })}万`;
  return v.toLocaleString('zh-CN', { maximumFractionDigits: 0 });
}

/** The last 30 days, one figure at a time (存款 / 有效投注 / 新增会员). Loaded apart: recharts is large. */
export default function TrendChart({ days }: { days: AgentDay[] }) {
  const [metric, setMetric] = useState<Metric>('deposits');
  const m = METRICS.find((x) => x.value === metric)!;
  const gradient = `trend-${metric}`;
  return (
    <div className="trend" data-testid="overview-chart">
      <Segmented<Metric> block value={metric} onChange={setMetric} options={METRICS.map(({ value, label }) => ({ value, label }))} data-testid="chart-metric" />
      <div className="trend-plot">
        <ResponsiveContainer width="100%" height={220}>
          <AreaChart data={days} margin={{ top: 12, right: 18, bottom: 0, left: -8 }}>
            <defs>
              <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={m.color} stopOpacity={0.32} />
                <stop offset="100%" stopColor={m.color} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke="#eef0f6" vertical={false} />
            <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 11, fill: '#8a90a6' }} tickLine={false} axisLine={{ stroke: '#e3e6ef' }} minTickGap={18} />
            <YAxis
              width={52}
              allowDecimals={m.money}
              tick={{ fontSize: 11, fill: '#8a90a6' }}
              tickLine={false}
              axisLine={false}
              tickFormatter={(v: number) => axisText(v, m.money)}
            />
            <Tooltip
              formatter={(v) => [m.money ? yuan(Number(v)) : count(Number(v)), m.label]}
              labelFormatter={(d) => String(d)}
              contentStyle={{ borderRadius: 8, border: 'none', boxShadow: '0 6px 20px rgba(20, 30, 80, .15)', fontSize: 12 }}
            />
            <Area type="monotone" dataKey={metric} stroke={m.color} strokeWidth={2} fill={`url(#${gradient})`} isAnimationActive={false} dot={false} activeDot={{ r: 4 }} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
