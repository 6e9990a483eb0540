import { useEffect, useRef, useState } from 'react';
import { moneyTone } from '@app/browser';
import { formatYuan, PROTECTION_MSG, type PlayStatus } from '@app/contract';
import { request, showFailure } from '../api/client';
import { toast } from '../lib/toast';
import './reality.css';

/** Hours and minutes of play, e.g. 1小时05分钟 or 45分钟. */
function played(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}小时${String(m).padStart(2, '0')}分钟` : `${m}分钟`;
}

/** The net with its sign: +12.00, -8.00, 0.00. */
function signed(net: number): string {
  if (net > 0) return `+${formatYuan(net)}`;
  if (net < 0) return `-${formatYuan(-net)}`;
  return formatYuan(0);
}

/**
 * The reality check (游戏提醒): a full-screen modal over everything, the game frame included, with
 * the time played and the session's stakes, payouts and net. Both answers acknowledge it (POST
 * /api/playStatus/ack); 退出游戏 then goes back to the hall. Until then nothing under it can be touched.
 */
export default function RealityModal({ reality, onDone }: { reality: PlayStatus['reality']; onDone: (leave: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);

  const answer = async (leave: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      await request('playStatus/ack');
      if (!leave) void toast({ content: PROTECTION_MSG.realityAck, icon: 'success' });
      onDone(leave);
    } catch (e) {
      // A network failure stays silent (spec §8); the check stays until it is answered.
      showFailure(e);
      setBusy(false);
    }
  };

  return (
    <div className="reality-mask" role="dialog" aria-modal="true" aria-labelledby="reality-title" data-testid="reality-check">
      <div className="reality-card">
        <div className="reality-clock" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="44" height="44">
            <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3.5" />
            <path d="M24 13v12l8 5" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h2 id="reality-title" className="reality-title">
          游戏提醒
        </h2>
        <p className="reality-lead">
          您本次登录已游戏 <b data-testid="reality-played">{played(reality.played_minutes)}</b>
        </p>
        <dl className="reality-figures">
          <div>
            <dt>本次投注</dt>
            <dd data-testid="reality-stake">{formatYuan(reality.stake)}</dd>
          </div>
          <div>
            <dt>本次派彩</dt>
            <dd data-testid="reality-payout">{formatYuan(reality.payout)}</dd>
          </div>
          <div>
            <dt>本次输赢</dt>
            <dd className={moneyTone(reality.net)} data-testid="reality-net">
              {signed(reality.net)}
            </dd>
          </div>
        </dl>
        <p className="reality-note">每{reality.interval_minutes}分钟提醒一次，可在「我的 → 安全与健康」中修改。理性娱乐，量力而行。</p>
        <div className="reality-actions">
          <button ref={first} type="button" className="reality-btn primary" data-testid="reality-continue" disabled={busy} onClick={() => void answer(false)}>
            继续游戏
          </button>
          <button type="button" className="reality-btn" data-testid="reality-leave" disabled={busy} onClick={() => void answer(true)}>
            退出游戏
          </button>
        </div>
      </div>
    </div>
  );
}
