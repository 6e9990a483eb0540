import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { BillOutline, LeftOutline, QuestionCircleOutline, UnorderedListOutline } from 'antd-mobile-icons';
import {
  CHAT_ORDER,
  CODE,
  MSG,
  WS_CLOSE,
  isBetSettled,
  isChatDeleted,
  isChatMessage,
  isSysMessage,
  type ChatMessage,
  type LotteryExtend,
  type LotteryOpenItem,
  type LotteryRoomData,
  type ServerFrame,
  LOTTERY_MSG,
} from '@app/contract';
import { ApiError, showFailure } from '../../../shared/api/client';
import { userKey, useToken, useUser } from '../../../shared/auth/session';
import { confirmDialog } from '../../../shared/lib/dialog';
import { toast } from '../../../shared/lib/toast';
import { pokePlayStatus } from '../../../shared/protection/playStatus';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
import { placeOrder, roomKey, useRoom, type OrderLine, type RoomAnswer } from '../api';
import { chatMessagesOf, chatReducer } from '../chat';
import { BetSheet, type BetChoice } from '../components/BetSheet';
import { ChatBox } from '../components/ChatBox';
import { ConfirmLines } from '../components/ConfirmLines';
import { HelpDialog } from '../components/HelpDialog';
import { HistorySheet } from '../components/HistorySheet';
import { MyOrdersSheet } from '../components/MyOrdersSheet';
import { MemberFooter, VisitorFooter } from '../components/RoomFooter';
import { DiceDefs } from '../components/Result';
import { RoundPanel } from '../components/RoundPanel';
import { VerifyView } from '../components/VerifyView';
import { followFill, type FollowFill } from '../follow';
import { useRoomSocket } from '../useRoomSocket';
import { useRoundClock } from '../useRoundClock';

/** While a countdown has run out or a drawn result is still missing, the room is asked again this often. */
const CATCH_UP_MS = 2000;
/** …at most this many times per round (the scheduler draws within a second or two of the draw time). */
const CATCH_UP_MAX = 15;
/**
 * Every member of a room reloads it at the same moments (the countdown's end, a result): each waits a
 * random part of this first, so a full room does not ask the server all in the same millisecond.
 */
const RELOAD_JITTER_MS = 1000;
const jittered = (fn: () => void) => setTimeout(fn, Math.random() * RELOAD_JITTER_MS);
/** Sent bet notices waiting for the socket (a drop between the order and its notice). */
const PENDING_NOTICES_MAX = 10;

async function closeDialogs() {
  (await import('antd-mobile/es/components/dialog')).default.clear();
}

function RoomView({
  room,
  receivedAt,
  refetch,
  showResult,
}: {
  room: LotteryRoomData;
  receivedAt: number;
  refetch: () => Promise<LotteryRoomData | undefined>;
  showResult: (expect: string, extend: LotteryExtend) => void;
}) {
  const navigate = useNavigate();
  const token = useToken();
  const qc = useQueryClient();
  const { data: user } = useUser();
  // A visitor watches: the room and its chat, no betting, no chatting, no orders of their own.
  const visitor = !token;
  // During a time-out or self-exclusion the room invites no bet (no 投注, no 跟单); the chat stays.
  const { block, known } = usePlayBlock();
  const [chat, dispatch] = useReducer(chatReducer, room.chatdata, (raw) => chatReducer([], { type: 'history', messages: chatMessagesOf(raw) }));
  const [sheetOpen, setSheetOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [mineOpen, setMineOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [verifying, setVerifying] = useState<LotteryOpenItem | null>(null);
  const [text, setText] = useState('');
  const pendingNotices = useRef<string[]>([]);
  /** 跟单: the lines the bet sheet was last asked to take (a new seq fills it again) */
  const [follow, setFollow] = useState<{ seq: number; author: string; fill: FollowFill } | null>(null);

  const { nowdata } = room.lottery;
  const reload = useCallback(() => void jittered(() => void refetch()), [refetch]);
  // The round whose draw this page watched (its countdown ran out here): its result is awaited.
  const [awaited, setAwaited] = useState('');
  const onExpired = useCallback(() => {
    setAwaited(nowdata.nextexpect);
    reload();
  }, [nowdata.nextexpect, reload]);
  const { left, state } = useRoundClock(nowdata.timeout, room.ftime, receivedAt, onExpired);
  const stateRef = useRef(state);
  stateRef.current = state;
  // Expects of one lottery have one length, so they compare as strings.
  const pendingResult = awaited !== '' && nowdata.last.expect < awaited;

  // spec §4: below 0 the room is reloaded (useRoundClock). Until the fresh round and the watched
  // round's result are in, ask again every 2 s, a bounded number of times per round; the room's
  // 'result' message usually brings the result first.
  const catchUps = useRef({ round: '', count: 0 });
  useEffect(() => {
    if (left >= 0 && !pendingResult) return;
    const timer = setInterval(() => {
      if (catchUps.current.round !== awaited) catchUps.current = { round: awaited, count: 0 };
      if (catchUps.current.count++ < CATCH_UP_MAX) void refetch();
    }, CATCH_UP_MS);
    return () => clearInterval(timer);
  }, [left < 0, pendingResult, receivedAt]);

  // A new result may have paid the member: the balance is asked for at once rather than at the next poll.
  const lastSeen = useRef(nowdata.last.expect);
  useEffect(() => {
    if (nowdata.last.extend && lastSeen.current !== nowdata.last.expect) void qc.invalidateQueries({ queryKey: userKey });
    lastSeen.current = nowdata.last.expect;
  }, [nowdata.last.expect, nowdata.last.extend]);

  // 封盘: the bet panel (and its confirmation) is forced closed.
  useEffect(() => {
    if (state === 'open') return;
    setSheetOpen(false);
    void closeDialogs();
  }, [state]);

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      if (isChatDeleted(frame)) dispatch({ type: 'delete', id: frame.delete });
      else if (isBetSettled(frame)) dispatch({ type: 'settled', id: frame.settled.id, result: { payout: frame.settled.payout, stake: frame.settled.stake } });
      else if (isSysMessage(frame)) {
        // An error is the sender's own (too long, too fast, muted): a toast, not a line for the room.
        if (frame.sysmsg === 'error') return void toast(frame.content);
        // The round's moments fold into its card in the chat; only the member's own payout also pops up.
        dispatch({ type: 'sys', sys: frame });
        if (frame.sysmsg === 'win') {
          void toast({ content: frame.content, icon: 'success' });
          void qc.invalidateQueries({ queryKey: userKey });
        }
        // A result is shown at once, and the room is asked again for its seed and the round it opened:
        // the header never says 开奖中 beside a result already shown, whichever clock was ahead.
        if (frame.sysmsg === 'result' && frame.expect && frame.extend) {
          showResult(frame.expect, frame.extend);
          jittered(() => void refetch());
        }
      } else if (isChatMessage(frame)) dispatch({ type: 'message', msg: frame });
    },
    [refetch, showResult],
  );
  /** After a drop: what was said meanwhile comes with the room's recent chatdata. */
  const catchUpChat = () => void refetch().then((fresh) => fresh && dispatch({ type: 'history', messages: chatMessagesOf(fresh.chatdata) }));
  const socket = useRoomSocket(room.id, token, {
    onFrame,
    onReopen: catchUpChat,
    onFinalClose: (code) => {
      if (code === WS_CLOSE.roomMissing) {
        void toast(LOTTERY_MSG.lotteryRoomMissing);
        navigate('/', { replace: true });
      } else if (code === WS_CLOSE.tooManyConnections) void toast(LOTTERY_MSG.chatTooManyConnections);
    },
  });

  useEffect(() => {
    if (socket.status !== 'open') return;
    while (pendingNotices.current.length > 0) socket.send({ content: pendingNotices.current.shift()!, order: CHAT_ORDER.betNotice });
  }, [socket.status]);

  const sendChat = () => {
    const content = text.trim();
    if (!content) return;
    if (socket.send({ content, order: CHAT_ORDER.chat })) setText('');
    else void toast('聊天连接中，请稍后再试');
  };

  const submitBet = async (lines: OrderLine[], choices: BetChoice[]): Promise<boolean> => {
    if (lines.length === 0) return false;
    if (stateRef.current !== 'open') {
      void toast(LOTTERY_MSG.lotteryClosed);
      return false;
    }
    const expect = nowdata.nextexpect;
    const ok = await confirmDialog({
      title: `确认投注 · 第${expect}期`,
      content: <ConfirmLines lines={lines} choices={choices} balance={user?.balance} />,
      confirmText: '确认投注',
      cancelText: '取消',
    });
    if (!ok) return false;
    if (stateRef.current !== 'open') {
      void toast(LOTTERY_MSG.lotteryClosed);
      return false;
    }
    try {
      const json = await placeOrder(room.id, expect, lines);
      // A stake may bring a limit warning, and a refusal may be a reality check that is due.
      pokePlayStatus(qc);
      if (json.code !== CODE.ok) {
        if (json.code !== CODE.unauthorized) void toast(json.message || MSG.internal);
        if (json.message === LOTTERY_MSG.lotteryExpectWrong) void refetch();
        return false;
      }
      void toast({ content: json.message || LOTTERY_MSG.lotteryBetOk, icon: 'success' });
      // The server announces the real order to the room from its number.
      if (!socket.send({ content: json.data.order_no, order: CHAT_ORDER.betNotice })) {
        if (pendingNotices.current.length < PENDING_NOTICES_MAX) pendingNotices.current.push(json.data.order_no);
      }
      void qc.invalidateQueries({ queryKey: userKey });
      setSheetOpen(false);
      return true;
    } catch (e) {
      // A network failure stays silent (spec §8).
      showFailure(e);
      return false;
    }
  };

  /** 跟单: another member's card fills the bet sheet; the member picks, confirms and pays as for any bet. */
  const followBet = (msg: ChatMessage) => {
    if (stateRef.current !== 'open' || nowdata.last.expect >= nowdata.nextexpect) return void toast(LOTTERY_MSG.lotteryClosed);
    const fill = followFill(room.playbox, msg.bet?.lines ?? []);
    if (fill.filled === 0) return void toast(MSG.gameBetOption);
    setFollow((prev) => ({ seq: (prev?.seq ?? 0) + 1, author: msg.author, fill }));
    setSheetOpen(true);
  };

  const here = `/lottery?room_id=${room.id}`;
  const leave = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(`/lottery?name=${encodeURIComponent(room.lottery.name)}`, { replace: true });
  };
  const drawn = nowdata.last.expect >= nowdata.nextexpect;
  const open = state === 'open' && !drawn;

  return (
    <div className="lot-room" data-testid="lottery-room">
      <DiceDefs />
      <header className="lot-bar">
        <button type="button" className="lot-bar-back" aria-label="返回" onClick={leave}>
          <LeftOutline />
        </button>
        <div className="lot-bar-title">
          <span data-testid="room-title">{room.lottery.title}</span>
          <small>
            <i className={`lot-dot lot-dot-${socket.status}`} data-testid="socket-status" data-status={socket.status} />
            {room.title}
            <span className="lot-online" data-testid="room-online">
              在线 {Math.max(room.online, socket.status === 'open' ? 1 : 0)}
            </span>
          </small>
        </div>
        {/* Each icon says what it opens: a label under it, not only a tooltip nobody sees on a phone. */}
        {!visitor && (
          <button type="button" className="lot-bar-tool" onClick={() => setMineOpen(true)} data-testid="open-my-orders">
            <UnorderedListOutline />
            <span>我的注单</span>
          </button>
        )}
        <button type="button" className="lot-bar-tool" onClick={() => setHistoryOpen(true)} data-testid="open-history">
          <BillOutline />
          <span>开奖记录</span>
        </button>
        <button type="button" className="lot-bar-tool" onClick={() => setHelpOpen(true)} data-testid="open-help">
          <QuestionCircleOutline />
          <span>玩法</span>
        </button>
      </header>
      <RoundPanel
        room={room}
        left={left}
        state={state}
        drawn={drawn}
        drawingExpect={state === 'drawing' && nowdata.last.expect < nowdata.nextexpect ? nowdata.nextexpect : pendingResult ? awaited : null}
        onHistory={() => setHistoryOpen(true)}
      />
      {socket.status === 'stopped' && (
        <button
          type="button"
          className="lot-offline"
          onClick={() => {
            socket.retry();
            catchUpChat();
          }}
        >
          聊天已断开，点击重新连接
        </button>
      )}
      <ChatBox
        items={chat}
        selfId={user?.id}
        type={room.lottery.type}
        actions={{ drawnUpTo: nowdata.last.expect, openExpect: nowdata.nextexpect, onFollow: visitor || block || !known ? undefined : followBet }}
      />
      {visitor ? (
        <VisitorFooter here={here} />
      ) : (
        <MemberFooter open={open} block={block} mayBet={known} text={text} balance={user?.balance} onText={setText} onSend={sendChat} onBet={() => setSheetOpen(true)} />
      )}
      <BetSheet room={room} visible={sheetOpen && open && !block} left={left} balance={user?.balance} follow={follow} onClose={() => setSheetOpen(false)} onSubmit={submitBet} />
      <HistorySheet room={room} visible={historyOpen} onClose={() => setHistoryOpen(false)} onVerify={setVerifying} />
      {!visitor && <MyOrdersSheet roomId={room.id} visible={mineOpen} onClose={() => setMineOpen(false)} />}
      <VerifyView item={verifying} type={room.lottery.type} code={room.lottery.name} onClose={() => setVerifying(null)} />
      <HelpDialog room={room} visible={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}

/** /lottery?room_id=: loads the room, then shows it; a refused room says why and goes to the hall. */
export function Room({ roomId }: { roomId: number }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useRoom(roomId);
  const refetch = useCallback(async () => (await q.refetch()).data?.room, [q.refetch]);
  const showResult = useCallback(
    (expect: string, extend: LotteryExtend) =>
      qc.setQueryData<RoomAnswer>(roomKey(roomId), (old) => {
        if (!old || old.room.lottery.nowdata.last.expect >= expect) return old;
        const { lottery } = old.room;
        return { ...old, room: { ...old.room, lottery: { ...lottery, nowdata: { ...lottery.nowdata, last: { expect, extend } } } } };
      }),
    [qc, roomId],
  );
  const error = q.error;
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && (error.code === 0 || error.code === CODE.unauthorized)) return;
    void toast(error.message || MSG.internal);
    navigate('/', { replace: true });
  }, [error]);

  if (!q.data) {
    return (
      <div className="lot-room lot-room-loading" data-testid="lottery-room-loading">
        {error instanceof ApiError && error.code === 0 ? (
          <button type="button" className="lot-retry" onClick={() => void q.refetch()}>
            网络异常，点击重试
          </button>
        ) : (
          <DotLoading color="white" />
        )}
      </div>
    );
  }
  return <RoomView room={q.data.room} receivedAt={q.data.receivedAt} refetch={refetch} showResult={showResult} />;
}
