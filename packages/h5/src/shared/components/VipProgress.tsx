import { formatYuan, type VipBars } from '@app/contract';
import './vip-progress.css';

/** One condition of the next level: its figures and its own bar. */
function ConditionBar({ name, testId, haveYuan, needYuan, percent }: { name: string; testId: string; haveYuan: number; needYuan: number; percent: number }) {
  const met = percent >= 100;
  return (
    <div className={`vip-progress-cond${met ? ' met' : ''}`} data-testid={testId}>
      <div className="vip-progress-cond-head">
        <span className="vip-progress-cond-name">{name}</span>
        <span className="vip-progress-cond-figures">
          <b data-testid={`${testId}-have`}>{formatYuan(haveYuan)}</b> / {formatYuan(needYuan)}
        </span>
        <span className="vip-progress-cond-pct" data-testid={`${testId}-percent`}>
          {percent}%
        </span>
      </div>
      <div className="vip-progress-track" role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="vip-progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The member's way from its level to the next (on /vip and /mine): one bar per condition, the
 * cumulative deposit and the turnover, since promotion needs both (DESIGN §8). Presentational only:
 * the caller computes the bars with the contract's vipBars, so the rule has one home.
 */
export function VipProgress({
  level,
  nextLevel,
  bars,
  paysumYuan,
  flowYuan,
  nextRechargeYuan,
  nextFlowYuan,
  compact = false,
}: {
  level: number;
  /** undefined at the top level */
  nextLevel: number | undefined;
  bars: VipBars | undefined;
  paysumYuan: number;
  flowYuan: number;
  nextRechargeYuan: number | undefined;
  nextFlowYuan: number | undefined;
  compact?: boolean;
}) {
  const top = nextLevel === undefined || !bars;
  return (
    <div className={`vip-progress${compact ? ' compact' : ''}`} data-testid="vip-progress">
      <div className="vip-progress-head">
        <span className="vip-progress-from">VIP{level}</span>
        <span className={`vip-progress-state${!top && bars.eligible ? ' ready' : ''}`} data-testid="vip-progress-state">
          {top ? '最高等级' : bars.eligible ? '已达标，即将晋级' : '存款与流水均达标即可晋级'}
        </span>
        <span className="vip-progress-to">{top ? '' : `VIP${nextLevel}`}</span>
      </div>
      {top ? (
        <>
          <div className="vip-progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={100}>
            <div className="vip-progress-fill" style={{ width: '100%' }} />
          </div>
          <div className="vip-progress-note" data-testid="vip-progress-note">
            您已是最高等级，尊享全部特权
          </div>
        </>
      ) : (
        <div className="vip-progress-conds">
          <ConditionBar name="累计存款" testId="vip-bar-recharge" haveYuan={paysumYuan} needYuan={nextRechargeYuan ?? 0} percent={bars.recharge} />
          <ConditionBar name="累计流水" testId="vip-bar-flow" haveYuan={flowYuan} needYuan={nextFlowYuan ?? 0} percent={bars.flow} />
        </div>
      )}
    </div>
  );
}
