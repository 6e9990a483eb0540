import { moneyTone } from '@app/browser';
import { BET_STATUS, BET_STATUS_LABELS, formatYuan, type BetRecord, type BetTotals } from '@app/contract';

/** The colour of a bet's state: settled green, unsettled amber, invalid grey (spec §4). */
function statusTone(status: number): string {
  if (status === BET_STATUS.settled) return 'success';
  if (status === BET_STATUS.unsettled) return 'warning';
  return 'weak';
}

/** A win/loss amount with its sign and the shared money tone (a win red, a loss green). */
export function signedWinLoss(amount: number): { text: string; tone: string } {
  const text = amount > 0 ? `+${formatYuan(amount)}` : amount < 0 ? `-${formatYuan(-amount)}` : formatYuan(0);
  return { text, tone: moneyTone(amount) };
}

/** A bet's win/loss: nothing while unsettled. */
function winLoss(b: BetRecord): { text: string; tone: string } {
  if (b.status === BET_STATUS.unsettled) return { text: '--', tone: 'money-even' };
  return signedWinLoss(b.win_loss);
}

/** 总投注, 有效投注 and 输赢 of every bet the filter holds (the server's sums, not the loaded pages'). */
export function BetTotalsBar({ totals }: { totals: BetTotals }) {
  const result = signedWinLoss(totals.win_loss);
  return (
    <div className="bet-totals" data-testid="bet-totals">
      <div>
        <span>总投注</span>
        <b data-testid="bet-total-amount">{formatYuan(totals.bet_amount)}</b>
      </div>
      <div>
        <span>有效投注</span>
        <b data-testid="bet-total-valid">{formatYuan(totals.valid_amount)}</b>
      </div>
      <div>
        <span>输赢</span>
        <b className={result.tone} data-testid="bet-total-winloss">
          {result.text}
        </b>
      </div>
    </div>
  );
}

/** One bet: game and venue, win/loss, bet number and state, stake and valid amount, time. */
export function BetRow({ bet: b }: { bet: BetRecord }) {
  const result = winLoss(b);
  return (
    <div className="record-row bet-row" data-testid="bet-row" data-bet-id={b.bet_id}>
      <div className="record-main">
        <div className="record-line">
          <span className="record-title">
            <span data-testid="bet-game">{b.plays || b.Code}</span>
            <span className="record-way" data-testid="bet-venue">{b.platname}</span>
          </span>
          <span className={`record-amount ${result.tone}`} data-testid="bet-winloss">
            {result.text}
          </span>
        </div>
        <div className="record-line">
          <span className="bet-id" data-testid="bet-id">注单 {b.bet_id}</span>
          <span className={`record-state tone-${statusTone(b.status)}`} data-testid="bet-status">
            {b.status_text || BET_STATUS_LABELS[b.status] || ''}
          </span>
        </div>
        <div className="bet-figures">
          <span>
            投注<b data-testid="bet-amount">{formatYuan(b.bet_amount)}</b>
          </span>
          <span>
            有效<b data-testid="bet-valid">{formatYuan(b.valid_amount)}</b>
          </span>
        </div>
        <div className="record-time" data-testid="bet-time">{b.created_at}</div>
      </div>
    </div>
  );
}
