import type { UserRedPacket } from '@app/contract';

/** 剩余次数 / 已领取 / 每日上限 under the envelope. */
export function DrawStats({ today }: { today: UserRedPacket }) {
  const cells = [
    { key: 'left', label: '剩余次数', value: today.sendnums },
    { key: 'drawn', label: '已领取', value: today.acquirednum },
    { key: 'max', label: '每日上限', value: today.max_times },
  ];
  return (
    <div className="hb-stats">
      {cells.map((c) => (
        <div key={c.key} className="hb-stat">
          <b data-testid={`hongbao-stat-${c.key}`}>{c.value}</b>
          <span>{c.label}</span>
        </div>
      ))}
    </div>
  );
}
