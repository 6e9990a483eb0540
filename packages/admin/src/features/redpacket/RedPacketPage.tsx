import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { DaysTab } from './DaysTab';
import { DrawsTab } from './DrawsTab';
import { RulesTab } from './RulesTab';
import type { RedPacketDrawsFilter } from './api';
import './redpacket.css';

const EMPTY_DRAWS: RedPacketDrawsFilter = { from: '', to: '', keyword: '', page: 1 };

/**
 * 红包管理: 规则设置 (window, daily figures, tiers), 每日统计 (today's budget
 * against what was paid, then each day) and 领取记录 (every draw, filtered, exported as CSV). A day's
 * 查看记录 opens its draws.
 */
export default function RedPacketPage() {
  const [tab, setTab] = useState('rules');
  const [draws, setDraws] = useState<RedPacketDrawsFilter>(EMPTY_DRAWS);
  // A day opened from the statistics starts the records tab afresh (its search box too).
  const [opened, setOpened] = useState(0);
  const openDay = (day: string) => {
    setDraws({ ...EMPTY_DRAWS, from: day, to: day });
    setOpened((n) => n + 1);
    setTab('draws');
  };
  return (
    <Card title="红包管理" className="redpacket-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyInactiveTabPane={false}
        items={[
          { key: 'rules', label: <span data-testid="rp-tab-rules">规则设置</span>, children: <RulesTab /> },
          { key: 'days', label: <span data-testid="rp-tab-days">每日统计</span>, children: <DaysTab onOpenDay={openDay} /> },
          { key: 'draws', label: <span data-testid="rp-tab-draws">领取记录</span>, children: <DrawsTab key={opened} filter={draws} onChange={setDraws} /> },
        ]}
      />
    </Card>
  );
}
