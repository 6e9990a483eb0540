import { MSG, formatYuan } from '@app/contract';
import { picksText } from '@app/contract/lottery-plays';
import type { OrderLine } from '../api';
import type { BetChoice } from './BetSheet';

/** The confirmation dialog's content: every line with its group (a 连码 line with its numbers), odds and stake, then the total. */
export function ConfirmLines({ lines, choices, balance }: { lines: OrderLine[]; choices: BetChoice[]; balance: number | undefined }) {
  const total = lines.reduce((s, l) => s + l.total, 0);
  return (
    <div className="lot-confirm" data-testid="bet-confirm">
      <div className="lot-confirm-lines">
        {choices.map((c, i) => (
          <div key={`${c.child.id}:${c.picks?.join(',') ?? ''}`} className="lot-confirm-line" data-testid="confirm-line">
            <span className="lot-confirm-group">{c.group}</span>
            <b>
              {c.child.playtitle}
              {c.picks && <span className="lot-confirm-picks"> {picksText(c.picks)}</span>}
            </b>
            <span className="lot-confirm-odds">@{c.child.odds}</span>
            <span className="lot-confirm-amount">¥{formatYuan(lines[i]!.total)}</span>
          </div>
        ))}
      </div>
      <div className="lot-confirm-total">
        共 {lines.length} 注，合计 <b data-testid="confirm-total">¥{formatYuan(total)}</b>
      </div>
      {balance !== undefined && (
        // The server decides; a short balance is only pointed out before the member confirms.
        <div className={`lot-confirm-balance${balance < total ? ' short' : ''}`}>
          当前余额 ¥{formatYuan(balance)}
          {balance < total && `（${MSG.insufficientBalance}）`}
        </div>
      )}
    </div>
  );
}
