import { BALL_MAX, type PlayboxChild } from '@app/contract';
import { picksText } from '@app/contract/lottery-plays';
import { Ball } from './Result';

/** Lines one 连码 selection may make at most (复式: every k-number set of the chosen numbers is a line). */
const LINKED_MAX_LINES = 60;

/** C(n, k) for the small counts of the picker. */
function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}
/** How many numbers a play of `pick` may choose: as many as keep the sets within LINKED_MAX_LINES. */
export function linkedMaxNumbers(pick: number): number {
  let n = pick;
  while (choose(n + 1, pick) <= LINKED_MAX_LINES) n += 1;
  return n;
}
/** Every `k`-number set of `nums` (ascending), in lexicographic order: the lines of a 复式 selection. */
export function linkedSets(nums: readonly number[], k: number): number[][] {
  const sorted = [...nums].sort((a, b) => a - b);
  if (k <= 0 || sorted.length < k) return [];
  const out: number[][] = [];
  const walk = (from: number, acc: number[]) => {
    if (acc.length === k) return void out.push(acc);
    for (let i = from; i <= sorted.length - (k - acc.length); i++) walk(i + 1, [...acc, sorted[i]!]);
  };
  walk(0, []);
  return out;
}

/**
 * 连码's picker: the play (二全中, 三全中) with its odds, then the 1–49 grid. Choosing exactly the play's
 * count makes one line; choosing more makes every set of that many (复式), shown as 组成 N 注.
 */
export function LinkedPicker({
  plays,
  active,
  chosen,
  onPlay,
  onToggle,
  onClear,
}: {
  plays: PlayboxChild[];
  active: PlayboxChild;
  chosen: readonly number[];
  onPlay: (id: string) => void;
  onToggle: (n: number) => void;
  onClear: () => void;
}) {
  const pick = active.pick ?? 2;
  const max = linkedMaxNumbers(pick);
  const lines = linkedSets(chosen, pick).length;
  const sorted = [...chosen].sort((a, b) => a - b);
  return (
    <div className="lot-linked" data-testid="linked-picker">
      <div className="lot-linked-plays" role="radiogroup">
        {plays.map((p) => (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={p.id === active.id}
            className={`lot-linked-play${p.id === active.id ? ' active' : ''}`}
            onClick={() => onPlay(p.id)}
            data-testid="linked-play"
            data-play={p.id}
          >
            <span className="lot-linked-play-title">{p.playtitle}</span>
            <span className="lot-linked-play-rule">选{p.pick}中{p.pick}</span>
            <span className="lot-odds">赔率 {p.odds}</span>
          </button>
        ))}
      </div>
      <div className="lot-linked-status" data-testid="linked-summary">
        {sorted.length === 0 ? (
          <span className="lot-linked-hint">
            请选择 <b>{pick}</b> 个号码（最多 {max} 个，多选即复式）
          </span>
        ) : (
          <>
            <span className="lot-linked-chosen">
              已选 <b>{sorted.length}</b>/{max}
              <span className="lot-linked-set" data-testid="linked-set">
                {picksText(sorted)}
              </span>
            </span>
            <span className={`lot-linked-lines${lines > 0 ? ' ok' : ''}`}>{lines > 0 ? `组成 ${lines} 注` : `还差 ${pick - sorted.length} 个`}</span>
            <button type="button" className="lot-linked-clear" onClick={onClear}>
              重选
            </button>
          </>
        )}
      </div>
      <div className="lot-grid49" data-testid="linked-grid">
        {Array.from({ length: BALL_MAX }, (_, i) => i + 1).map((n) => {
          const on = chosen.includes(n);
          const full = !on && chosen.length >= max;
          return (
            <button
              key={n}
              type="button"
              className={`lot-num lot-linked-num${on ? ' picked' : ''}`}
              disabled={full}
              onClick={() => onToggle(n)}
              aria-pressed={on}
              data-testid="linked-num"
              data-n={n}
            >
              <Ball n={n} size="md" />
            </button>
          );
        })}
      </div>
    </div>
  );
}
