import { CollectMoneyOutline, EditSOutline, GiftOutline, HandPayCircleOutline, PieOutline, PlayOutline, StarOutline, TeamOutline } from 'antd-mobile-icons';
import { copyText, creditTone, type MoneyTone } from '@app/browser';
import { formatYuan, MSG, ORDER_STATE, PLATFORM_WALLET, TRANS_TYPE, TRANS_TYPE_LABELS, TRANSFER_STATE, type TransRecord, type TransType } from '@app/contract';
import { toast } from '../../../shared/lib/toast';
import { SwapIcon } from './icons';

const isOrder = (type: number) => type === TRANS_TYPE.deposit || type === TRANS_TYPE.withdrawal;

/** The colour of a state label: waiting amber, done green, refused or failed red (spec §4). */
function stateTone(type: number, state: number): string {
  if (isOrder(type)) {
    if (state === ORDER_STATE.pending) return 'warning';
    if (state === ORDER_STATE.approved) return 'success';
    if (state === ORDER_STATE.rejected) return 'danger';
    return 'weak';
  }
  if (state === TRANSFER_STATE.pending) return 'warning';
  if (state === TRANSFER_STATE.success) return 'success';
  if (state === TRANSFER_STATE.failed) return 'danger';
  return 'weak';
}

function TypeIcon({ type }: { type: number }) {
  if (type === TRANS_TYPE.deposit) return <CollectMoneyOutline />;
  if (type === TRANS_TYPE.withdrawal) return <HandPayCircleOutline />;
  if (type === TRANS_TYPE.rebate || type === TRANS_TYPE.bonus) return <GiftOutline />;
  if (type === TRANS_TYPE.lottery) return <PieOutline />;
  if (type === TRANS_TYPE.redPacket) return <StarOutline />;
  if (type === TRANS_TYPE.commission) return <TeamOutline />;
  if (type === TRANS_TYPE.adjustment) return <EditSOutline />;
  // listed under 全部 only: seamless play's 游戏投注, 游戏派彩 and 投注撤销, spent from the wallet itself
  if (type === TRANS_TYPE.all) return <PlayOutline />;
  return <SwapIcon />;
}

/** Where the money went: the pay way for orders, the wallets for transfers (3 into a venue, 4 out). */
function route(r: TransRecord): string {
  if (r.type === TRANS_TYPE.transferIn) return `${PLATFORM_WALLET.name} → ${r.pay_way}`;
  if (r.type === TRANS_TYPE.transferOut) return `${r.pay_way} → ${PLATFORM_WALLET.name}`;
  if (r.type === TRANS_TYPE.rebate) return '返水中心';
  return r.pay_way;
}

/**
 * An amount's tone: money that reached the wallet reads as a win (red: an approved deposit, a rebate,
 * every movement in); money out and money not yet (or never) credited stays neutral.
 */
function amountTone(r: TransRecord, movement: boolean): MoneyTone {
  if (movement) return creditTone(r.amount);
  const credited = (r.type === TRANS_TYPE.deposit && r.state === ORDER_STATE.approved) || r.type === TRANS_TYPE.rebate;
  return credited ? 'money-win' : 'money-even';
}

async function copy(text: string) {
  void toast((await copyText(text)) ? MSG.copySuccess : MSG.copyFail);
}

/**
 * One account-record row: order number only for deposits and withdrawals (spec §2). A wallet
 * movement (全部 and types 6–10: it carries `balance`) reads as its movement (彩票派奖, 人工调整 …),
 * signed, with the balance after it where an order shows its state.
 */
export function RecordRow({ record: r }: { record: TransRecord }) {
  const movement = r.balance !== undefined;
  const sign = movement ? (r.amount > 0 ? '+' : '-') : r.type === TRANS_TYPE.deposit || r.type === TRANS_TYPE.rebate ? '+' : r.type === TRANS_TYPE.withdrawal ? '-' : '';
  return (
    <div className={`record-row record-type-${r.type}${movement ? ' record-movement' : ''}`} data-testid="record-row">
      <span className="record-icon">
        <TypeIcon type={r.type} />
      </span>
      <div className="record-main">
        <div className="record-line">
          <span className="record-title">
            {movement ? r.pay_way : (TRANS_TYPE_LABELS[r.type as TransType] ?? '')}
            {!movement && (
              <span className="record-way" data-testid="record-way">
                {route(r)}
              </span>
            )}
          </span>
          <span className={`record-amount ${amountTone(r, movement)}`} data-testid="record-amount">
            {sign}
            {formatYuan(Math.abs(r.amount))}
          </span>
        </div>
        <div className="record-line">
          {isOrder(r.type) && r.out_trade_no ? (
            <button type="button" className="record-no" data-testid="record-no" onClick={() => void copy(r.out_trade_no)}>
              <span className="record-no-label">单号</span>
              <span data-testid="record-no-value">{r.out_trade_no}</span>
            </button>
          ) : (
            <span className="record-time">{r.created_at}</span>
          )}
          {movement ? (
            <span className="record-balance" data-testid="record-balance">
              余额 {formatYuan(r.balance!)}
            </span>
          ) : (
            <span className={`record-state tone-${stateTone(r.type, r.state)}`} data-testid="record-state">
              {r.state_text}
            </span>
          )}
        </div>
        {isOrder(r.type) && r.out_trade_no && <div className="record-time">{r.created_at}</div>}
        {r.remark && (
          <div className="record-remark" data-testid="record-remark">
            {r.remark}
          </div>
        )}
      </div>
    </div>
  );
}
