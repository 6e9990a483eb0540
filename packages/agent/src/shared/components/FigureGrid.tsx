import { moneyTone } from '@app/browser';
import type { AgentFigures } from '@app/contract';
import { count, signedYuan, yuan } from '../format';

/** The seven team figures in the order the portal shows them: people first, then money. */
export const FIGURE_FIELDS: { key: keyof AgentFigures; label: string; money: boolean }[] = [
  { key: 'new_members', label: '新增会员', money: false },
  { key: 'active_members', label: '活跃会员', money: false },
  { key: 'first_deposits', label: '首存人数', money: false },
  { key: 'deposits', label: '存款', money: true },
  { key: 'withdrawals', label: '取款', money: true },
  { key: 'valid_bets', label: '有效投注', money: true },
  { key: 'win_loss', label: '团队输赢', money: true },
];

export const figureText = (key: keyof AgentFigures, value: number): string =>
  key === 'win_loss' ? signedYuan(value) : FIGURE_FIELDS.find((f) => f.key === key)?.money ? yuan(value) : count(value);

/** A figure's colour class: 输赢 in the shared money tone (the members' win red, loss green), the rest plain. */
export const figureTone = (key: keyof AgentFigures, value: number): string | undefined => (key === 'win_loss' ? moneyTone(value) : undefined);

/** The team's figures over some days: three counts across, four amounts two by two. */
export function FigureGrid({ figures, testId }: { figures: AgentFigures; testId: string }) {
  return (
    <div className="figure-grid" data-testid={testId}>
      {FIGURE_FIELDS.map((f) => (
        <div key={f.key} className={`figure ${f.money ? 'is-money' : 'is-count'}`}>
          <div className={['figure-value', figureTone(f.key, figures[f.key])].filter(Boolean).join(' ')} data-testid={`${testId}-${f.key}`}>
            {figureText(f.key, figures[f.key])}
          </div>
          <div className="figure-label">{f.label}</div>
        </div>
      ))}
    </div>
  );
}
