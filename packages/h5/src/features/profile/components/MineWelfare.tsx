import { RightOutline } from 'antd-mobile-icons';

/** /mine's way into 福利中心 (/welfare): the red packets, the rebate centre, the promotion records. */
export function MineWelfare({ go }: { go: (to: string) => void }) {
  return (
    <div className="mine-card mine-welfare" role="button" data-testid="mine-welfare" onClick={() => go('/welfare')}>
      <span className="mine-welfare-icon" aria-hidden>
        <svg viewBox="0 0 32 40" width="22" height="28">
          <rect x="1" y="1" width="30" height="38" rx="5" fill="#fff3d6" />
          <path d="M1 6a5 5 0 0 1 5-5h20a5 5 0 0 1 5 5v8c-4 5-9 7-15 7S5 19 1 14z" fill="#ffd98a" />
          <circle cx="16" cy="20" r="6" fill="#e8342f" />
        </svg>
      </span>
      <span className="mine-welfare-text">
        <span className="mine-welfare-title">福利中心</span>
        <span className="mine-welfare-sub">抢红包 · 返水 · 活动奖励</span>
      </span>
      <span className="mine-welfare-more">
        去领取 <RightOutline />
      </span>
    </div>
  );
}
