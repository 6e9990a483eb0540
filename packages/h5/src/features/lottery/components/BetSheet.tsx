import { useEffect, useMemo, useState } from 'react';
import { CloseOutline } from 'antd-mobile-icons';
import {
  LOTTERY_ORDER_MAX_LINES,
  fmt,
  roomStakes,
  formatYuan,
  fenOfYuan,
  fenToYuan,
  waveOf,
  LOTTERY_MSG,
  type LotteryRoomData,
  type PlayboxChild,
} from '@app/contract';
import { Sheet } from '../../../shared/components/Sheet';
import type { OrderLine } from '../api';
import type { FollowFill } from '../follow';
import { mmss } from '../useRoundClock';
import { LinkedPicker, linkedSets } from './LinkedPicker';
import { Ball } from './Result';
import '../six-plays.css';

/** The stake per option as typed: whole yuan, or with up to 2 decimals. */
const STAKE_INPUT = /^\d{0,6}(\.\d{0,2})?$/;

export interface BetChoice {
  child: PlayboxChild;
  group: string;
  /** 连码: the numbers of this line */
  picks?: number[];
}

/** What a group offers: 1–49 balls, options with the numbers they cover (生肖, 尾数), 连码's picker, or plain options. */
function layoutOf(g: LotteryRoomData['playbox'][number]): 'grid' | 'covers' | 'linked' | 'options' {
  if (g.special === 1) return 'grid';
  if (g.childrens.some((c) => c.pick)) return 'linked';
  if (g.childrens.some((c) => c.nums)) return 'covers';
  return 'options';
}

/**
 * The bet panel (spec §2, §5): play groups as tabs, their options with odds (the 1–49 grid for the
 * special groups; 生肖 and 尾数 with the numbers each covers this round; 连码's number picker, where
 * every set of the play's count among the chosen numbers is a line), a stake applied to every line
 * (the room's quick values and first stake, contract roomStakes, or typed within the room's limits), the count and total, and 确认投注. The
 * caller confirms and places the order; `onSubmit` resolves true when the order went through (the
 * selection is then cleared).
 */
export function BetSheet({
  room,
  visible,
  left,
  balance,
  follow,
  onClose,
  onSubmit,
}: {
  room: LotteryRoomData;
  visible: boolean;
  left: number;
  balance: number | undefined;
  /** 跟单: another member's lines to fill the sheet with (a new `seq` fills it again) */
  follow?: { seq: number; author: string; fill: FollowFill } | null;
  onClose: () => void;
  onSubmit: (lines: OrderLine[], choices: BetChoice[]) => Promise<boolean>;
}) {
  const groups = room.playbox;
  const [tab, setTab] = useState(0);
  const [picked, setPicked] = useState<Set<string>>(() => new Set());
  /** 连码: the play being picked for and the numbers chosen for each play */
  const [linkedPlay, setLinkedPlay] = useState('');
  const [linked, setLinked] = useState<Record<string, number[]>>({});
  /** 跟单: whose lines fill the sheet, shown until the selection is cleared or placed */
  const [followed, setFollowed] = useState<{ author: string; fill: FollowFill } | null>(null);
  // The room's own limits decide the stakes offered and accepted (the server checks them again).
  const { limits } = room;
  const stakes = roomStakes(limits);
  const [stakeText, setStakeText] = useState(String(stakes.first));
  const group = groups[Math.min(tab, groups.length - 1)];

  const choices = useMemo<BetChoice[]>(
    () =>
      groups.flatMap((g) =>
        g.childrens.flatMap((child): BetChoice[] =>
          child.pick ? linkedSets(linked[child.id] ?? [], child.pick).map((picks) => ({ child, group: g.name, picks })) : picked.has(child.id) ? [{ child, group: g.name }] : [],
        ),
      ),
    [groups, picked, linked],
  );
  const stake = Number(stakeText);
  const stakeOk = stakeText !== '' && Number.isFinite(stake) && stake >= limits.min && stake <= limits.max;
  const total = stakeOk ? fenToYuan(fenOfYuan(stake) * choices.length) : 0;
  const countIn = (name: string) => choices.filter((c) => c.group === name).length;

  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else if (next.size < LOTTERY_ORDER_MAX_LINES) next.add(id);
      return next;
    });

  const toggleLinked = (id: string, n: number) =>
    setLinked((prev) => {
      const now = prev[id] ?? [];
      return { ...prev, [id]: now.includes(n) ? now.filter((x) => x !== n) : [...now, n] };
    });
  const clearAll = () => {
    setPicked(new Set());
    setLinked({});
    setFollowed(null);
  };

  // 跟单 replaces the selection with the followed lines and their stake.
  useEffect(() => {
    if (!follow) return;
    const { fill } = follow;
    setPicked(new Set(fill.picked));
    setLinked(fill.linked);
    if (fill.stake !== null) setStakeText(String(fill.stake));
    setTab(fill.groupIndex);
    const firstLinked = Object.keys(fill.linked)[0];
    if (firstLinked) setLinkedPlay(firstLinked);
    setFollowed({ author: follow.author, fill });
  }, [follow?.seq]);

  const submit = async () => {
    if (choices.length === 0 || !stakeOk || choices.length > LOTTERY_ORDER_MAX_LINES) return;
    const lines = choices.map((c) => ({ id: c.child.id, playtitle: c.child.playtitle, total: stake, ...(c.picks && { picks: c.picks }) }));
    if (await onSubmit(lines, choices)) clearAll();
  };
  const linkedActive = group && layoutOf(group) === 'linked' ? (group.childrens.find((c) => c.id === linkedPlay) ?? group.childrens[0]) : undefined;

  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="lot-sheet" position="bottom" data-testid="bet-sheet">
      <div className="lot-sheet-head">
        <div>
          <div className="lot-sheet-title">投注 · 第{room.lottery.nowdata.nextexpect}期</div>
          <div className="lot-sheet-sub">
            距封盘 <b>{mmss(left - room.ftime)}</b>
            <span className="lot-sheet-balance">余额 ¥{balance === undefined ? '--' : formatYuan(balance)}</span>
          </div>
        </div>
        <button type="button" className="lot-sheet-close" aria-label="关闭" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="lot-tabs" role="tablist">
        {groups.map((g, i) => (
          <button key={g.name} type="button" role="tab" aria-selected={i === tab} className={`lot-tab${i === tab ? ' active' : ''}`} onClick={() => setTab(i)} data-testid="bet-group">
            {g.name}
            {countIn(g.name) > 0 && <span className="lot-tab-count">{countIn(g.name)}</span>}
          </button>
        ))}
      </div>
      {group && (
        <div className="lot-sheet-body">
          <div className="lot-group-desc">{group.desc}</div>
          {linkedActive ? (
            <LinkedPicker
              plays={group.childrens}
              active={linkedActive}
              chosen={linked[linkedActive.id] ?? []}
              onPlay={setLinkedPlay}
              onToggle={(n) => toggleLinked(linkedActive.id, n)}
              onClear={() => setLinked((prev) => ({ ...prev, [linkedActive.id]: [] }))}
            />
          ) : layoutOf(group) === 'covers' ? (
            <div className="lot-covers" data-testid="cover-grid">
              {group.childrens.map((c) => (
                <button key={c.id} type="button" className={`lot-cover${picked.has(c.id) ? ' picked' : ''}`} onClick={() => toggle(c.id)} data-testid="bet-option" data-play={c.id} aria-pressed={picked.has(c.id)}>
                  <span className="lot-cover-head">
                    <span className="lot-cover-title">{c.playtitle}</span>
                    <span className="lot-odds">{c.odds}</span>
                  </span>
                  <span className="lot-cover-nums" data-testid="cover-nums">
                    {c.nums!.map((n) => (
                      <i key={n} className={`lot-cover-num lot-cover-${waveOf(n)}`}>
                        {String(n).padStart(2, '0')}
                      </i>
                    ))}
                  </span>
                </button>
              ))}
            </div>
          ) : group.special === 1 ? (
            <div className="lot-grid49" data-testid="number-grid">
              {group.childrens.map((c) => (
                <button key={c.id} type="button" className={`lot-num${picked.has(c.id) ? ' picked' : ''}`} onClick={() => toggle(c.id)} data-testid="bet-option" data-play={c.id} aria-pressed={picked.has(c.id)}>
                  <Ball n={Number(c.playtitle)} size="md" />
                  <span className="lot-odds">{c.odds}</span>
                </button>
              ))}
            </div>
          ) : (
            <div className={`lot-options${group.childrens.length > 8 ? ' lot-options-dense' : ''}`}>
              {group.childrens.map((c) => (
                <button key={c.id} type="button" className={`lot-option${picked.has(c.id) ? ' picked' : ''}`} onClick={() => toggle(c.id)} data-testid="bet-option" data-play={c.id} aria-pressed={picked.has(c.id)}>
                  <span className="lot-option-title">{c.playtitle}</span>
                  <span className="lot-odds">{c.odds}</span>
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      <div className="lot-sheet-foot">
        {followed && (
          <div className="lot-follow-note" data-testid="follow-note">
            <b>跟单</b> {followed.author} · 已填入 {followed.fill.filled} 注
            {followed.fill.skipped > 0 && <span>，{followed.fill.skipped} 注本期不可投，已略过</span>}
            {followed.fill.mixedStakes && <span>，原单各注金额不同，已按每注 {followed.fill.stake} 元填入</span>}
          </div>
        )}
        <div className="lot-stakes">
          {stakes.quick.map((v) => (
            <button key={v} type="button" className={`lot-stake${stakeText === String(v) ? ' active' : ''}`} onClick={() => setStakeText(String(v))} data-testid="stake-quick">
              {v}
            </button>
          ))}
          <input
            className="lot-stake-input"
            inputMode="decimal"
            placeholder="自定义"
            aria-label="每注金额"
            data-testid="stake-input"
            value={stakes.quick.some((v) => String(v) === stakeText) ? '' : stakeText}
            onChange={(e) => {
              const v = e.target.value.trim();
              if (STAKE_INPUT.test(v)) setStakeText(v);
            }}
            onBlur={() => {
              if (stakeText === '') setStakeText(String(stakes.first));
            }}
          />
        </div>
        <div className="lot-sheet-actions">
          <div className="lot-sum" data-testid="bet-summary">
            已选 <b>{choices.length}</b> 注 × {stakeOk ? stakeText : '--'} 元
            <div>
              合计 <em data-testid="bet-total">¥{formatYuan(total)}</em>
            </div>
          </div>
          <button type="button" className="lot-clear" disabled={choices.length === 0} onClick={clearAll}>
            清空
          </button>
          <button type="button" className="lot-submit" disabled={choices.length === 0 || !stakeOk || choices.length > LOTTERY_ORDER_MAX_LINES} onClick={() => void submit()} data-testid="bet-submit">
            确认投注
          </button>
        </div>
        {!stakeOk && <div className="lot-stake-hint">{fmt(LOTTERY_MSG.lotteryStakeRange, { min: limits.min, max: limits.max })}</div>}
        {choices.length > LOTTERY_ORDER_MAX_LINES && <div className="lot-stake-hint">{fmt(LOTTERY_MSG.lotteryTooManyLines, { max: LOTTERY_ORDER_MAX_LINES })}</div>}
      </div>
    </Sheet>
  );
}
