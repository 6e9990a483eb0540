import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatYuan, type ChatMessage, type LotteryType, type SysMessage } from '@app/contract';
import type { ChatItem, RoundCard } from '../chat';
import { ResultAttributes, ResultNumbers, animalsOf } from './Result';

/** Within this distance of the bottom the chat follows new messages; further up it offers a jump. */
const FOLLOW_PX = 80;

function Avatar({ msg }: { msg: ChatMessage }) {
  const [failed, setFailed] = useState(false);
  if (msg.avatar && !failed) return <img className="lot-avatar" src={msg.avatar} alt="" onError={() => setFailed(true)} />;
  const hue = (msg.uid * 47) % 360;
  return (
    <span className="lot-avatar lot-avatar-letter" style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 62%), hsl(${(hue + 40) % 360} 65% 48%))` }}>
      {msg.author.slice(0, 1).toUpperCase()}
    </span>
  );
}

const hhmm = (time: string) => time.slice(11, 16);

function BetCard({ msg }: { msg: ChatMessage }) {
  const lines = msg.bet?.lines ?? [];
  const total = lines.reduce((s, l) => s + l.total, 0);
  return (
    <div className="lot-betcard" data-testid="chat-bet">
      <div className="lot-betcard-head">
        <span className="lot-betcard-tag">投注</span>
        <span>第{msg.bet?.expect ?? ''}期</span>
      </div>
      {lines.length > 0 ? (
        <div className="lot-betcard-lines">
          {lines.map((l, i) => (
            <span key={i} className="lot-betcard-line">
              <b>{l.playtitle}</b>
              <i>¥{formatYuan(l.total)}</i>
            </span>
          ))}
        </div>
      ) : (
        <div className="lot-betcard-text">{msg.content}</div>
      )}
      {lines.length > 0 && (
        <div className="lot-betcard-foot">
          共 {lines.length} 注 · <b>¥{formatYuan(total)}</b>
        </div>
      )}
    </div>
  );
}

function Message({ msg, own }: { msg: ChatMessage; own: boolean }) {
  return (
    <div className={`lot-msg${own ? ' lot-msg-own' : ''}`} data-testid={own ? 'chat-own' : 'chat-other'} data-id={msg.id}>
      {!own && <Avatar msg={msg} />}
      <div className="lot-msg-body">
        <div className="lot-msg-meta">
          {!own && <span className="lot-msg-author">{msg.author}</span>}
          <span className="lot-msg-time">{hhmm(msg.time)}</span>
        </div>
        {msg.kind === 'bet' ? <BetCard msg={msg} /> : <div className="lot-bubble" data-testid="chat-text">{msg.content}</div>}
      </div>
      {own && <Avatar msg={msg} />}
    </div>
  );
}

function SysLine({ sys }: { sys: SysMessage }) {
  return (
    <div className={`lot-sys lot-sys-${sys.sysmsg}`} data-testid="chat-sys">
      <span>{sys.content}</span>
    </div>
  );
}

/** Staff speaking as the room's host (主持人): across the room, not as one member among others. */
function HostMessage({ msg }: { msg: ChatMessage }) {
  return (
    <div className="lot-host" data-testid="chat-host" data-id={msg.id}>
      <div className="lot-host-head">
        <span className="lot-host-badge">{msg.author}</span>
        <span className="lot-msg-time">{hhmm(msg.time)}</span>
      </div>
      <div className="lot-host-text">{msg.content}</div>
    </div>
  );
}

/** A round's card: opened, then 封盘, then its result, updated in place as the room hears of each. */
function RoundLine({ round, type }: { round: RoundCard; type: LotteryType }) {
  const phase = round.result ? 'drawn' : round.closed ? 'closed' : 'open';
  return (
    <div className={`lot-round lot-round-${phase}`} data-testid="chat-round" data-expect={round.expect} data-phase={phase}>
      <div className="lot-round-head">
        <span className="lot-round-no">第{round.expect}期</span>
        <span className="lot-round-state">{phase === 'drawn' ? '已开奖' : phase === 'closed' ? '已封盘' : '开盘'}</span>
      </div>
      {round.result ? (
        <div className="lot-round-result">
          <ResultNumbers type={type} numbers={round.result.numbers} size="sm" animals={animalsOf(round.result)} />
          <ResultAttributes extend={round.result} />
        </div>
      ) : (
        <div className="lot-round-text">{phase === 'closed' ? '已停止投注，等待开奖' : '欢迎投注'}</div>
      )}
    </div>
  );
}

/**
 * The room's chat: others on the left with avatar and name, the member's own on the right, bet notices
 * as cards, the host's words across the room, one compact card per round, other system messages as
 * centred lines. It follows new messages while the member is at the
 * bottom; scrolled up, a pill offers to jump down.
 */
export function ChatBox({ items, selfId, type }: { items: ChatItem[]; selfId: number | undefined; type: LotteryType }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const lastKey = items[items.length - 1]?.key;
  const lastOwn = (() => {
    const last = items[items.length - 1];
    return last?.kind === 'msg' && last.msg.uid === selfId;
  })();

  const toBottom = (smooth = false) => {
    const box = boxRef.current;
    if (box) box.scrollTo({ top: box.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    setUnseen(0);
  };

  useLayoutEffect(() => {
    if (atBottom.current || lastOwn) toBottom();
    else if (lastKey) setUnseen((n) => n + 1);
  }, [lastKey]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onScroll = () => {
      atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_PX;
      if (atBottom.current) setUnseen(0);
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div className="lot-chat-wrap">
      <div className="lot-chat" ref={boxRef} data-testid="chat-box">
        <div className="lot-chat-welcome">欢迎进入房间，文明聊天，理性投注</div>
        {items.map((it) =>
          it.kind === 'sys' ? (
            <SysLine key={it.key} sys={it.sys} />
          ) : it.kind === 'round' ? (
            <RoundLine key={it.key} round={it.round} type={type} />
          ) : it.msg.kind === 'host' ? (
            <HostMessage key={it.key} msg={it.msg} />
          ) : (
            <Message key={it.key} msg={it.msg} own={it.msg.uid === selfId} />
          ),
        )}
      </div>
      {unseen > 0 && (
        <button type="button" className="lot-chat-unseen" onClick={() => toBottom(true)}>
          {unseen} 条新消息 ↓
        </button>
      )}
    </div>
  );
}
