import { formatYuan, type UserRedPacket } from '@app/contract';
import { countingWindow, drawsEarned, nextTier, tierCondition, tierViews } from '../rules';

/**
 * 我的领取条件: the member's own figures (deposits counted, yesterday's valid bets) against the
 * tiers, the one its draws come from marked, what the others still need, and 去充值.
 */
export function TierCard({ today, onRecharge }: { today: UserRedPacket; onRecharge: () => void }) {
  const views = tierViews(today);
  const earned = drawsEarned(views, today.max_times);
  const next = nextTier(views, today.max_times);
  return (
    <section className="hb-card" data-testid="hongbao-tiers">
      <h3 className="hb-card-title">
        <span>我的领取条件</span>
        <em>今日可抢 {earned} 次</em>
      </h3>
      <div className="hb-figures">
        <div className="hb-figure">
          <span className="hb-figure-value" data-testid="hongbao-recharge">¥{formatYuan(today.recharge)}</span>
          <span className="hb-figure-label">计入存款</span>
          <span className="hb-figure-hint">{countingWindow(today)}</span>
        </div>
        <div className="hb-figure">
          <span className="hb-figure-value" data-testid="hongbao-dayflow">¥{formatYuan(today.day_flow)}</span>
          <span className="hb-figure-label">昨日有效投注</span>
          <span className="hb-figure-hint">北京时间 00:00–23:59</span>
        </div>
      </div>
      <ul className="hb-tiers">
        {views.map((v, i) => (
          <li key={i} className={`hb-tier${v.met ? ' is-met' : ''}${v.current ? ' is-current' : ''}`} data-testid="hongbao-tier">
            <span className="hb-tier-draws">
              <b>{Math.min(v.row.draws, today.max_times)}</b>次/日
            </span>
            <span className="hb-tier-main">
              <span className="hb-tier-cond">{tierCondition(v.row)}</span>
              <span className="hb-tier-range">
                每个 ¥{formatYuan(v.row.min_money)}–¥{formatYuan(v.row.max_money)}
              </span>
              {v.missing && <span className="hb-tier-missing">{v.missing}</span>}
            </span>
            <span className="hb-tier-state">{v.current ? '当前档位' : v.met ? '已达成' : '未达成'}</span>
          </li>
        ))}
      </ul>
      <div className="hb-next">
        <span data-testid="hongbao-next">
          {next ? `${next.missing.replace('还差', '再完成')}，每日可抢 ${Math.min(next.row.draws, today.max_times)} 次` : earned > 0 ? '您已达到最高档位，祝您好运连连！' : ''}
        </span>
        <button type="button" className="hb-next-go" data-testid="hongbao-recharge-go" onClick={onRecharge}>
          去充值
        </button>
      </div>
    </section>
  );
}
