import { BET_STATUS, BET_STATUS_LABELS, formatYuan, type BetRecord } from '@app/contract';

/** The colour of a bet's state: settled green, unsettled amber, invalid grey (spec §4). */
function statusTone(status: number): string {
  if (status === BET_STATUS.settled) return 'success';
  if (status === BET_STATUS.unsettled) return 'warning';
  return 'weak';
}

/** Win/loss with its sign: + green for a win, − red for a loss, nothing while unsettled. */
function winLoss(b: BetRecord): { text: string; tone: string } {
  if (b.status === BET_STATUS.unsettled) return { text: '--', tone: 'bet-open' };
  if (b.win_loss > 0) return { text: `+${formatYuan(b.win_loss)}`, tone: 'bet-win' };
  if (b.win_loss < 0) return { text: `-${formatYuan(-b.win_loss)}`, tone: 'bet-loss' };
  return { text: formatYuan(0), tone: 'bet-even' };
}

/** One bet: game and venue, win/loss, bet number and state, stake and valid amount, time. */
export function BetRow({ bet: b }: { bet: BetRecord }) {
  const result = winLoss(b);
  return (
    <div className={`record-row bet-row ${result.tone}`} data-testid="bet-row" data-bet-id={b.bet_id}>
      <div className="record-main">
        <div className="record-line">
          <span className="record-title">
            <span data-testid="bet-game">{b.plays || b.Code}</span>
            <span className="record-way" data-testid="bet-venue">{b.platname}</span>
          </span>
          <span className="record-amount" data-testid="bet-winloss">
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
