import { useState } from 'react';
import { Collapse, Tabs } from 'antd-mobile';
import { formatYuan, INVITE_COUNTER_LABELS, type InviteBonus, type InviteCounters, type InviteFriend, type InviteRange } from '@app/contract';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { invitePages, useInviteCounters, type InviteList } from '../api';

const MONEY: ReadonlyArray<keyof InviteCounters> = ['month_deposit', 'today_deposit'];
const OPEN: InviteRange = { start: '', end: '' };

/**
 * 明细记录 (spec §2): two collapsible sections — 数据概览, the nine live counters of the member's
 * team (contract invites.ts defines each), and 数据列表, 礼金记录 or 好友明细 over a date range with
 * 重置 and 查询.
 */
export function DetailTab() {
  return (
    <Collapse defaultActiveKey={['overview', 'list']} className="inviter-collapse">
      <Collapse.Panel key="overview" title={<span className="inviter-panel-title">数据概览</span>}>
        <Overview />
      </Collapse.Panel>
      <Collapse.Panel key="list" title={<span className="inviter-panel-title">数据列表</span>}>
        <DataList />
      </Collapse.Panel>
    </Collapse>
  );
}

function Overview() {
  const { data } = useInviteCounters();
  return (
    <div data-testid="invite-overview">
      <div className="inviter-counters">
        {INVITE_COUNTER_LABELS.map(([key, label]) => {
          const v = data?.[key];
          const money = MONEY.includes(key);
          return (
            <div key={key} className={`inviter-counter${money ? ' is-money' : ''}`} data-testid={`counter-${key}`}>
              <span className="inviter-counter-value" data-testid={`counter-${key}-value`}>
                {typeof v === 'number' ? (money ? formatYuan(v) : v) : '--'}
              </span>
              <span className="inviter-counter-label">{label}</span>
            </div>
          );
        })}
      </div>
      <p className="inviter-note">
        数据实时统计（北京时间）。活跃：当日/当月有有效投注；有效活跃：当月有效投注≥{data ? data.valid_active_min : '--'}元；存款按审核通过时间统计。
      </p>
    </div>
  );
}

function DataList() {
  const [list, setList] = useState<InviteList>('bonus');
  const [draft, setDraft] = useState<InviteRange>(OPEN);
  const [range, setRange] = useState<InviteRange>(OPEN);
  const reversed = !!draft.start && !!draft.end && draft.start > draft.end;
  return (
    <div className="inviter-data">
      <Tabs activeKey={list} onChange={(k) => setList(k as InviteList)} className="inviter-list-tabs">
        <Tabs.Tab key="bonus" title="礼金记录" />
        <Tabs.Tab key="friends" title="好友明细" />
      </Tabs>
      <div className="inviter-range" data-testid="invite-range">
        <DayInput label="开始日期" value={draft.start} max={draft.end} onChange={(start) => setDraft({ ...draft, start })} testId="range-start" />
        <span className="inviter-range-to">至</span>
        <DayInput label="结束日期" value={draft.end} min={draft.start} onChange={(end) => setDraft({ ...draft, end })} testId="range-end" />
      </div>
      <div className="inviter-range-actions">
        <button
          type="button"
          className="inviter-btn is-ghost"
          data-testid="range-reset"
          onClick={() => {
            setDraft(OPEN);
            setRange(OPEN);
          }}
        >
          重置
        </button>
        <button type="button" className="inviter-btn" data-testid="range-query" disabled={reversed} onClick={() => setRange(draft)}>
          查询
        </button>
      </div>
      {list === 'bonus' ? <BonusTable range={range} /> : <FriendsTable range={range} />}
    </div>
  );
}

/** A native day picker (the phone's own wheel) showing its label while empty instead of the browser's mm/dd/yyyy. */
function DayInput({ label, value, min, max, onChange, testId }: { label: string; value: string; min?: string; max?: string; onChange: (v: string) => void; testId: string }) {
  return (
    <label className={`inviter-day${value ? '' : ' is-empty'}`}>
      <input type="date" aria-label={label} value={value} min={min || undefined} max={max || undefined} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      {!value && <span className="inviter-day-label">{label}</span>}
    </label>
  );
}

function BonusTable({ range }: { range: InviteRange }) {
  const pages = invitePages('bonus', range);
  return (
    <div className="inviter-table-wrap" data-testid="invite-bonus">
      <div className="inviter-grid is-head is-bonus">
        <span>日期</span>
        <span>礼金</span>
        <span>备注</span>
      </div>
      <InfiniteList
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        itemKey={(r: InviteBonus) => r.id}
        renderItem={(r: InviteBonus) => (
          <div className="inviter-grid is-bonus" data-testid="invite-bonus-row">
            <span className="inviter-date">{r.date}</span>
            <span className="inviter-money">+{formatYuan(r.bonus)}</span>
            <span className="inviter-remark">{r.remark}</span>
          </div>
        )}
      />
    </div>
  );
}

function FriendsTable({ range }: { range: InviteRange }) {
  const pages = invitePages('friends', range);
  return (
    <div className="inviter-table-wrap" data-testid="invite-friends">
      <div className="inviter-grid is-head is-friends">
        <span>好友</span>
        <span>注册时间</span>
        <span>存款</span>
        <span>有效投注</span>
      </div>
      <InfiniteList
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        itemKey={(r: InviteFriend) => `${r.username}|${r.joined}`}
        renderItem={(r: InviteFriend) => (
          <div className="inviter-grid is-friends" data-testid="invite-friend-row">
            <span className="inviter-name">{r.username}</span>
            <span className="inviter-date">{r.joined.slice(0, 10)}</span>
            <span className="inviter-money">{formatYuan(r.deposit)}</span>
            <span className="inviter-money">{formatYuan(r.valid_bet)}</span>
          </div>
        )}
      />
    </div>
  );
}
