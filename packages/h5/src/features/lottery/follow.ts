import type { BetNoticeLine, PlayboxGroup } from '@app/contract';

/**
 * 跟单: what another member's bet card puts into the bet sheet. The sheet takes one stake for every
 * line, so a card whose lines staked the same fills it with that stake; otherwise the first line's
 * stake is used and the sheet says so. A line whose play this round does not offer is left out (and
 * counted), as is a second 连码 line of the same play (the picker holds one set of numbers per play).
 * The member still confirms, and the server still checks everything, as for any bet.
 */
export interface FollowFill {
  /** plays picked (all but 连码) */
  picked: string[];
  /** 连码: the numbers of each play */
  linked: Record<string, number[]>;
  /** the stake per line, yuan; null when no line could be filled */
  stake: number | null;
  /** lines filled */
  filled: number;
  /** lines of the card that could not be filled */
  skipped: number;
  /** the card's lines did not all stake the same */
  mixedStakes: boolean;
  /** the playbox group of the first line filled (the sheet opens on it) */
  groupIndex: number;
}

/** Whether a card can be followed at all: notices stored before their lines named their plays cannot. */
export function canFollow(lines: readonly BetNoticeLine[] | undefined): boolean {
  return !!lines && lines.length > 0 && lines.some((l) => !!l.id);
}

export function followFill(playbox: readonly PlayboxGroup[], lines: readonly BetNoticeLine[]): FollowFill {
  const where = new Map<string, { groupIndex: number; pick?: number }>();
  playbox.forEach((g, groupIndex) => g.childrens.forEach((c) => where.set(c.id, { groupIndex, pick: c.pick })));
  const picked = new Set<string>();
  const linked: Record<string, number[]> = {};
  const used: BetNoticeLine[] = [];
  let groupIndex = -1;
  for (const line of lines) {
    const at = line.id ? where.get(line.id) : undefined;
    if (!at || !line.id) continue;
    if (at.pick) {
      if (linked[line.id] || !line.picks || line.picks.length !== at.pick) continue;
      linked[line.id] = [...line.picks];
    } else {
      if (picked.has(line.id)) continue;
      picked.add(line.id);
    }
    used.push(line);
    if (groupIndex < 0) groupIndex = at.groupIndex;
  }
  const stakes = new Set(used.map((l) => l.total));
  return {
    picked: [...picked],
    linked,
    stake: used[0]?.total ?? null,
    filled: used.length,
    skipped: lines.length - used.length,
    mixedStakes: stakes.size > 1,
    groupIndex: Math.max(0, groupIndex),
  };
}
