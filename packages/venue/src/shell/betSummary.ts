import type { VenueBetRow, VenueDiceOutcome } from '@app/contract';
import { cardText } from '../games/cards';
import { DICE_NAMES, diceReading } from '../games/dice/reading';

/** One line describing what a bet was, from its stored detail (outcome or match pick). */
export function betSummary(r: VenueBetRow): string {
  const d = (r.detail ?? {}) as Record<string, any>;
  try {
    if (d.selection !== undefined && d.home !== undefined) {
      const res = d.result as Record<string, number> | undefined;
      const score = res ? (res.homeGoals !== undefined ? ` ${res.homeGoals}:${res.awayGoals}` : ` ${res.homeMaps}:${res.awayMaps}`) : '';
      return `${d.home} vs ${d.away}${score} · ${d.selection_name ?? d.selection} @${d.odds}`;
    }
    if (d.fish !== undefined) return d.fish ? `命中 ${d.fish.name} ×${d.fish.multiplier}` : '未命中';
    if (Array.isArray(d.dice)) {
      const picks = Array.isArray(d.lines) ? (d.lines as { option: string }[]).map((l) => DICE_NAMES[l.option] ?? l.option).join('、') : '';
      return `${d.dice.join('·')} · ${d.sum}点 ${diceReading(d as VenueDiceOutcome).join('·')}${picks ? ` · 押${picks}` : ''}`;
    }
    if (d.dragon && d.tiger) return `龙 ${cardText(d.dragon)} · 虎 ${cardText(d.tiger)} · ${WIN[d.winner] ?? ''}`;
    if (d.player && d.banker) return `闲 ${d.playerTotal}点 · 庄 ${d.bankerTotal}点 · ${WIN[d.winner] ?? ''}`;
    if (Array.isArray(d.lineWins)) return d.lineWins.length || d.scatter ? `中奖 ${d.lineWins.length} 线${d.scatter ? ' + 分散' : ''}` : '未中奖';
  } catch {
    /* an unexpected detail shape: show no summary */
  }
  return '';
}

const WIN: Record<string, string> = { banker: '庄赢', player: '闲赢', tie: '和局', dragon: '龙赢', tiger: '虎赢' };
