import type { LotteryRoomData, RoundState } from '@app/contract';
import { LOTTERY_MSG } from '@app/contract';
import { mmss } from '../useRoundClock';
import { ResultAttributes, ResultNumbers, animalsOf } from './Result';

/** The round number as shown: the day part small, the round of the day large. */
function Expect({ value }: { value: string }) {
  return (
    <span className="lot-expect">
      <small>{value.slice(0, -4)}</small>
      {value.slice(-4)}
    </span>
  );
}

/**
 * The countdown panel (spec §4): the open round (nextexpect) with its countdown to 封盘 while betting
 * is open, 封盘中 until the draw, 开奖中 from 0; the last result with its attributes; and the open
 * round's commitment, published before it opened.
 */
export function RoundPanel({
  room,
  left,
  state,
  drawn,
  drawingExpect,
  onHistory,
}: {
  room: LotteryRoomData;
  left: number;
  state: RoundState;
  /** The counted round's result is already in (it came before this page's clock ran out): the next round is being fetched. */
  drawn: boolean;
  /** The round being drawn whose result is not in yet, if any. */
  drawingExpect: string | null;
  onHistory: () => void;
}) {
  const { nowdata, type } = room.lottery;
  const last = nowdata.last;
  return (
    <section className={`lot-panel lot-panel-${drawn ? 'drawn' : state}`} data-testid="round-panel" data-state={drawn ? 'drawn' : state}>
      <div className="lot-panel-row">
        <div className="lot-panel-round" data-testid="round-label">
          {state === 'open' ? (
            <div className="lot-panel-label">
              距第<Expect value={nowdata.nextexpect} />期封盘
            </div>
          ) : (
            <div className="lot-panel-label">
              第<Expect value={nowdata.nextexpect} />期
            </div>
          )}
          <div className="lot-panel-sub">{drawn ? '下一期即将开盘' : state === 'open' ? `开奖前${room.ftime}秒封盘，可以投注` : state === 'closed' ? '已停止投注，等待开奖' : '开奖结果即将揭晓'}</div>
        </div>
        <div className="lot-clock" data-testid="round-clock">
          {drawn ? (
            <span className="lot-clock-state lot-clock-drawn" data-testid="countdown">
              {LOTTERY_MSG.lotteryDrawn}
            </span>
          ) : state === 'open' ? (
            <span className="lot-clock-digits" data-testid="countdown">
              {mmss(left - room.ftime)
                .split('')
                .map((c, i) => (c === ':' ? <i key={i}>:</i> : <b key={i}>{c}</b>))}
            </span>
          ) : state === 'closed' ? (
            <span className="lot-clock-state lot-clock-closed" data-testid="countdown">
              {LOTTERY_MSG.lotterySealed} <small>{mmss(left)}</small>
            </span>
          ) : (
            <span className="lot-clock-state lot-clock-drawing" data-testid="countdown">
              {LOTTERY_MSG.lotteryDrawing}
            </span>
          )}
        </div>
      </div>
      <button type="button" className="lot-panel-last" onClick={onHistory} data-testid="last-result" data-expect={drawingExpect ?? last.expect}>
        <span className="lot-panel-last-label">
          第<Expect value={drawingExpect ?? last.expect} />期
        </span>
        {drawingExpect ? (
          <span className="lot-panel-rolling" data-testid="result-pending">
            <span className="lot-rolling-dots">
              <i />
              <i />
              <i />
            </span>
            {LOTTERY_MSG.lotteryDrawing}
          </span>
        ) : !last.extend ? (
          <span className="lot-panel-none">暂无开奖结果</span>
        ) : (
          <>
            <ResultNumbers type={type} numbers={last.extend.numbers} size="sm" animals={animalsOf(last.extend)} />
            <ResultAttributes extend={last.extend} />
          </>
        )}
        <span className="lot-panel-more">›</span>
      </button>
      {nowdata.commitment && (
        <div className="lot-commit" data-testid="open-commitment" title={nowdata.commitment}>
          <span className="lot-commit-tag">本期承诺</span>
          <span className="lot-commit-hash">SHA-256 {nowdata.commitment}</span>
        </div>
      )}
    </section>
  );
}
