import type { UserRedPacket } from '@app/contract';
import { clockParts, useCountdown } from '../hooks/useCountdown';

/**
 * Over the envelope outside the window: 活动尚未开始 with a live countdown to the window (from the
 * server's `countdown`; at 0 the screen reads again and the overlay goes), or 今日活动已结束 with
 * tomorrow's opening time.
 */
export function WindowOverlay({ today, sinceMs, onOpenNow }: { today: UserRedPacket; sinceMs: number; onOpenNow: () => void }) {
  const left = useCountdown(today.status === 'READY' ? today.countdown : 0, sinceMs, onOpenNow);
  if (today.status === 'STARTING') return null;
  const ready = today.status === 'READY';
  return (
    <div className={`hb-overlay ${ready ? 'is-ready' : 'is-ended'}`} data-testid={ready ? 'hongbao-not-started' : 'hongbao-ended'}>
      <div className="hb-overlay-badge">{ready ? '即将开抢' : '已结束'}</div>
      <div className="hb-overlay-title">{ready ? '活动尚未开始' : '今日活动已结束'}</div>
      {ready ? (
        <>
          <div className="hb-overlay-label">距离开抢还有</div>
          <div className="hb-countdown" data-testid="hongbao-countdown" data-seconds={left}>
            {clockParts(left).map((part, i) => (
              <span key={i} className="hb-countdown-part">
                {i > 0 && <i className="hb-countdown-colon">:</i>}
                <b>{part}</b>
              </span>
            ))}
          </div>
          <div className="hb-overlay-note">今日 {today.start_time} 准时开抢（北京时间）</div>
        </>
      ) : (
        <div className="hb-overlay-note" data-testid="hongbao-reopen">
          明日 {today.start_time} 准时开抢，记得早点来哦
        </div>
      )}
    </div>
  );
}
