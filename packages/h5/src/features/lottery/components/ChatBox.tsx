import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatYuan, type ChatMessage, type LotteryType, type SysMessage } from '@app/contract';
import type { ChatItem, RoundCard } from '../chat';
import { canFollow } from '../follow';
import { ResultAttributes, ResultNumbers, animalsOf } from './Result';

/** Within this distance of the bottom the chat follows new messages; further up it offers a jump. */
const FOLLOW_PX = 80;

function Avatar({ msg }: { msg: ChatMessage }) {
  const [failed, setFailed] = useState(false);
  if (msg.avatar && !failed) return <img className="lot-avatar" src={msg.avatar} alt="" onError={() => setFailed(true)} />;
  const hue = (msg.user_id * 47) % 360;
  return (
    <span className="lot-avatar lot-avatar-letter" style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 62%), hsl(${(hue + 40) % 360} 65% 48%))` }}>
      {msg.author.slice(0, 1).toUpperCase()}
    </span>
  );
}

const hhmm = (time: string) => time.slice(11, 16);

/** The member's own card: what its order paid once settled (the server's figures), 待开奖 until its round is drawn. */
function BetOutcome({ msg, drawnUpTo }: { msg: ChatMessage; drawnUpTo: string }) {
  const { result } = msg;
  if (result) {
    const won = result.payout > 0;
    return (
      <div className={`lot-betcard-outcome ${won ? 'won' : 'lost'}`} data-testid="bet-outcome" data-outcome={won ? 'won' : 'lost'}>
        {won ? (
          <>
            中奖 <b>¥{formatYuan(result.payout)}</b>
          </>
        ) : (
          '未中奖'
        )}
      </div>
    );
  }
  // Expects of one lottery have one length, so they compare as strings.
  if (msg.bet && msg.bet.expect > drawnUpTo)
    return (
      <div className="lot-betcard-outcome pending" data-testid="bet-outcome" data-outcome="pending">
        待开奖
      </div>
    );
  return null;
}

interface CardActions {
  /** the last drawn round's expect */
  drawnUpTo: string;
  /** follow another member's card (absent: this viewer may not, e.g. a visitor) */
  onFollow?: (msg: ChatMessage) => void;
  /** the round being bet on: only its cards are offered for 跟单 */
  openExpect: string;
}

function BetCard({ msg, own, actions }: { msg: ChatMessage; own: boolean; actions: CardActions }) {
  const lines = msg.bet?.lines ?? [];
  const total = lines.reduce((s, l) => s + l.total, 0);
  const followable = !own && !!actions.onFollow && msg.bet?.expect === actions.openExpect && canFollow(lines);
  return (
    <div className="lot-betcard" data-testid="chat-bet" data-expect={msg.bet?.expect}>
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
      {(lines.length > 0 || own) && (
        <div className="lot-betcard-foot">
          {lines.length > 0 && (
            <span>
              共 {lines.length} 注 · <b>¥{formatYuan(total)}</b>
            </span>
          )}
          {own && <BetOutcome msg={msg} drawnUpTo={actions.drawnUpTo} />}
          {followable && (
            <button type="button" className="lot-follow" onClick={() => actions.onFollow!(msg)} data-testid="follow-bet">
              跟单
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function Message({ msg, own, actions }: { msg: ChatMessage; own: boolean; actions: CardActions }) {
  return (
    <div className={`lot-msg${own ? ' lot-msg-own' : ''}`} data-testid={own ? 'chat-own' : 'chat-other'} data-id={msg.id}>
      {!own && <Avatar msg={msg} />}
      <div className="lot-msg-body">
        <div className="lot-msg-meta">
          {!own && <span className="lot-msg-author">{msg.author}</span>}
          <span className="lot-msg-time">{hhmm(msg.time)}</span>
        </div>
        {msg.kind === 'bet' ? <BetCard msg={msg} own={own} actions={actions} /> : <div className="lot-bubble" data-testid="chat-text">{msg.content}</div>}
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
 * as cards (the member's own say what they paid; others' of the open round offer 跟单), the host's words across the room, one compact card per round, other system messages as
 * centred lines. It follows new messages while the member is at the
 * bottom; scrolled up, a pill offers to jump down.
 */
export function ChatBox({ items, selfId, type, actions }: { items: ChatItem[]; selfId: number | undefined; type: LotteryType; actions: CardActions }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const lastKey = items[items.length - 1]?.key;
  const lastOwn = (() => {
    const last = items[items.length - 1];
    return last?.kind === 'msg' && last.msg.user_id === selfId;
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
            <Message key={it.key} msg={it.msg} own={it.msg.user_id === selfId} actions={actions} />
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
