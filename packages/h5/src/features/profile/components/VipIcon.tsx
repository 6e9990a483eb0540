import { useState } from 'react';

/** The level's icon from /assets/vip/, or a drawn gold badge when the picture is missing. */
export function VipIcon({ level, size = 22 }: { level: number; size?: number }) {
  const [broken, setBroken] = useState(false);
  const n = Math.max(1, Math.min(10, level || 1));
  if (broken) {
    return (
      <span className="vip-badge" data-testid="vip-icon" style={{ height: size }}>
        VIP{n}
      </span>
    );
  }
  return <img className="vip-icon" data-testid="vip-icon" src={`/assets/vip/vip${n}.svg`} alt={`VIP${n}`} style={{ height: size }} onError={() => setBroken(true)} />;
}
