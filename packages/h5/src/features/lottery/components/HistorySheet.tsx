import { Sheet } from '../../../shared/components/Sheet';
import { CloseOutline } from 'antd-mobile-icons';
import type { LotteryOpenItem, LotteryRoomData } from '@app/contract';
import { EmptyState } from '../../../shared/components/EmptyState';
import { ResultAttributes, ResultNumbers, animalsOf } from './Result';

/**
 * 开奖记录: the past results (openlist), each with its draw time, numbers and attributes, the
 * commitment published before it opened and the seed revealed after the draw, and 验证.
 */
export function HistorySheet({ room, visible, onClose, onVerify }: { room: LotteryRoomData; visible: boolean; onClose: () => void; onVerify: (item: LotteryOpenItem) => void }) {
  const { openlist, type } = room.lottery;
  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="lot-sheet lot-history">
      <div className="lot-sheet-head">
        <div>
          <div className="lot-sheet-title">开奖记录</div>
          <div className="lot-sheet-sub">每期开奖后公开种子，可自行验证结果</div>
        </div>
        <button type="button" className="lot-sheet-close" aria-label="关闭" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="lot-history-list" data-testid="history-list">
        {openlist.length === 0 && <EmptyState />}
        {openlist.map((item) => (
          <div key={item.expect} className="lot-history-item" data-testid="history-item" data-expect={item.expect}>
            <div className="lot-history-top">
              <span className="lot-history-expect">第{item.expect}期</span>
              <span className="lot-history-time">{item.opentime2}</span>
            </div>
            <div className="lot-history-result">
              <ResultNumbers type={type} numbers={item.extend.numbers} size="sm" animals={animalsOf(item.extend)} />
              <ResultAttributes extend={item.extend} />
            </div>
            <dl className="lot-hash">
              <dt>承诺</dt>
              <dd data-testid="history-commitment">{item.commitment}</dd>
              <dt>种子</dt>
              <dd data-testid="history-seed">{item.seed}</dd>
            </dl>
            <button type="button" className="lot-verify-btn" onClick={() => onVerify(item)} data-testid="verify">
              验证
            </button>
          </div>
        ))}
      </div>
    </Sheet>
  );
}
