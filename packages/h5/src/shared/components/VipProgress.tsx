import { formatYuan } from '@app/contract';
import './vip-progress.css';

/**
 * The bar from the member's level to the next (on /vip and /mine). Presentational only: the caller
 * computes the percent with the contract's vipProgress, so the rule has one home.
 */
export function VipProgress({
  level,
  nextLevel,
  percent,
  paysumYuan,
  nextRechargeYuan,
  compact = false,
}: {
  level: number;
  /** undefined at the top level */
  nextLevel: number | undefined;
  percent: number;
  paysumYuan: number;
  nextRechargeYuan: number | undefined;
  compact?: boolean;
}) {
  const top = nextLevel === undefined;
  const shown = top ? 100 : Math.max(0, Math.min(100, percent));
  return (
    <div className={`vip-progress${compact ? ' compact' : ''}`} data-testid="vip-progress">
      <div className="vip-progress-head">
        <span className="vip-progress-from">VIP{level}</span>
        <span className="vip-progress-pct" data-testid="vip-progress-percent">
          {shown}%
        </span>
        <span className="vip-progress-to">{top ? '最高等级' : `VIP${nextLevel}`}</span>
      </div>
      <div className="vip-progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown}>
        <div className="vip-progress-fill" style={{ width: `${shown}%` }} />
      </div>
      <div className="vip-progress-note" data-testid="vip-progress-note">
        {top ? (
          '您已是最高等级，尊享全部特权'
        ) : (
          <>
            累计存款 <b>{formatYuan(paysumYuan)}</b> / {formatYuan(nextRechargeYuan ?? 0)}
          </>
        )}
      </div>
    </div>
  );
}
