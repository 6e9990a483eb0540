/** A gold medal with the level, its gradient deepening from VIP1 to VIP10. */
export function VipLevelBadge({ level, size = 'md' }: { level: number; size?: 'sm' | 'md' | 'lg' }) {
  const n = Math.max(1, Math.min(10, level));
  return (
    <span className={`vip-medal vip-medal-${size} vip-medal-l${n}`} data-testid="vip-medal">
      <span className="vip-medal-vip">VIP</span>
      <span className="vip-medal-n">{n}</span>
    </span>
  );
}
