import { Sheet } from '../../../shared/components/Sheet';
import { CloseOutline } from 'antd-mobile-icons';
import { moneyTone } from '@app/browser';
import { BET_STATUS, formatYuan, type LotteryMyOrder } from '@app/contract';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { fetchMyOrders, myOrdersKey } from '../api';

/** A line's outcome: 待开奖 until drawn, then what it paid in the shared money tone (a win red, a loss green). */
function Outcome({ o }: { o: LotteryMyOrder }) {
  if (o.status !== BET_STATUS.settled)
    return (
      <span className="lot-mine-open" data-testid="my-order-outcome">
        待开奖
      </span>
    );
  if (o.win_loss > 0)
    return (
      <span className={`lot-mine-win ${moneyTone(o.win_loss)}`} data-testid="my-order-outcome">
        中奖 +{formatYuan(o.win_loss)}
      </span>
    );
  return (
    <span className={`lot-mine-lose ${moneyTone(-o.stake)}`} data-testid="my-order-outcome">
      未中奖 -{formatYuan(o.stake)}
    </span>
  );
}

/**
 * 我的注单: the member's own lines in this room's lottery, newest first — the round, what each was on,
 * stake and odds, and once drawn what it paid. Read afresh each time it opens.
 */
export function MyOrdersSheet({ roomId, visible, onClose }: { roomId: number; visible: boolean; onClose: () => void }) {
  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="lot-sheet lot-history" destroyOnClose>
      <div className="lot-sheet-head">
        <div>
          <div className="lot-sheet-title">我的注单</div>
          <div className="lot-sheet-sub">本彩种的投注，开奖后显示结果</div>
        </div>
        <button type="button" className="lot-sheet-close" aria-label="关闭" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="lot-history-list" data-testid="my-orders">
        <InfiniteList
          queryKey={myOrdersKey(roomId)}
          fetchPage={(page) => fetchMyOrders(roomId, page)}
          itemKey={(o) => `${o.order_no}-${o.line}`}
          renderItem={(o) => (
            <div className="lot-history-item lot-mine-item" data-testid="my-order">
              <div className="lot-history-top">
                <span className="lot-history-expect">第{o.expect}期</span>
                <span className="lot-history-time">{o.created_at}</span>
              </div>
              <div className="lot-mine-line">
                <b data-testid="my-order-play">{o.play}</b>
                <span>
                  ¥{formatYuan(o.stake)} @{o.odds}
                </span>
                <Outcome o={o} />
              </div>
            </div>
          )}
        />
      </div>
    </Sheet>
  );
}
