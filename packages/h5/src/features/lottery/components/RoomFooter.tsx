import { LockFill } from 'antd-mobile-icons';
import { CHAT_LIMITS, formatYuan, LOTTERY_MSG, type BlockState } from '@app/contract';
import { useRequireLogin } from '../../../shared/hooks/useRequireLogin';
import { PlayBlockNotice } from '../../../shared/protection/PlayBlockNotice';

/**
 * A visitor's bar: the member's own (投注, the chat field, 登录 in place of 发送), and every tap on it
 * opens the login sheet, which brings the visitor back to this room once signed in.
 */
export function VisitorFooter({ here }: { here: string }) {
  const requireLogin = useRequireLogin();
  const ask = () => void requireLogin(here);
  return (
    <footer className="lot-input" data-testid="room-visitor">
      <div className="lot-input-row">
        <button type="button" className="lot-bet-btn" onClick={ask} data-testid="visitor-bet">
          投注
        </button>
        <button type="button" className="lot-text lot-visitor-text" onClick={ask} data-testid="visitor-chat">
          登录后即可投注和聊天
        </button>
        <button type="button" className="lot-send" onClick={ask} data-testid="visitor-login">
          登录
        </button>
      </div>
    </footer>
  );
}

/**
 * A member's bar: 投注 (shut with the round, and during a time-out or self-exclusion the block's notice
 * in its place, as in the hall), the chat field and the balance.
 */
export function MemberFooter({
  open,
  block,
  mayBet,
  text,
  balance,
  onText,
  onSend,
  onBet,
}: {
  open: boolean;
  block: BlockState | null;
  /** false while the member's play status is still being asked */
  mayBet: boolean;
  text: string;
  balance: number | undefined;
  onText(text: string): void;
  onSend(): void;
  onBet(): void;
}) {
  return (
    <footer className="lot-input">
      {block ? (
        <PlayBlockNotice block={block} compact />
      ) : (
        !open && (
          <div className="lot-closed" data-testid="bet-closed">
            <LockFill /> {LOTTERY_MSG.lotteryClosed}
          </div>
        )
      )}
      <div className="lot-input-row">
        {!block && (
          <button type="button" className="lot-bet-btn" disabled={!open || !mayBet} onClick={onBet} data-testid="open-bet">
            投注
          </button>
        )}
        <input
          className="lot-text"
          value={text}
          maxLength={CHAT_LIMITS.maxChars}
          placeholder="说点什么…"
          enterKeyHint="send"
          aria-label="聊天内容"
          data-testid="chat-input"
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) onSend();
          }}
        />
        <button type="button" className="lot-send" disabled={!text.trim()} onClick={onSend} data-testid="chat-send">
          发送
        </button>
      </div>
      <div className="lot-balance" data-testid="room-balance">
        余额 <b>¥{balance !== undefined ? formatYuan(balance) : '--'}</b>
      </div>
    </footer>
  );
}
