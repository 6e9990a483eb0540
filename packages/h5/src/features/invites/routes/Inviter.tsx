import { useSearchParams } from 'react-router';
import { TabBar } from 'antd-mobile';
import { GiftOutline, LinkOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { Page } from '../../../shared/components/Page';
import { BonusTab } from '../components/BonusTab';
import { DetailTab } from '../components/DetailTab';
import { LinkTab } from '../components/LinkTab';
import '../inviter.css';

const TABS = [
  { key: 'link', title: '邀请链接', icon: <LinkOutline /> },
  { key: 'bonus', title: '奖金介绍', icon: <GiftOutline /> },
  { key: 'detail', title: '明细记录', icon: <UnorderedListOutline /> },
] as const;
type Tab = (typeof TABS)[number]['key'];
const isTab = (v: string | null): v is Tab => TABS.some((t) => t.key === v);

/**
 * /inviter 邀请好友 (spec §2): three bottom tabs — 邀请链接, 奖金介绍, 明细记录. The tab lives in the
 * query (?tab=), so going back from another screen returns to it.
 */
export default function Inviter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'link';
  const title = TABS.find((t) => t.key === tab)!.title;
  return (
    <Page title={tab === 'link' ? '邀请好友' : title} className="inviter-page">
      <div className="inviter-body" data-testid={`inviter-${tab}`}>
        {tab === 'link' && <LinkTab />}
        {tab === 'bonus' && <BonusTab />}
        {tab === 'detail' && <DetailTab />}
      </div>
      <div className="inviter-tabbar" data-testid="inviter-tabbar">
        <TabBar activeKey={tab} onChange={(k) => setParams(k === 'link' ? {} : { tab: k }, { replace: true })} safeArea>
          {TABS.map((t) => (
            <TabBar.Item key={t.key} icon={t.icon} title={t.title} />
          ))}
        </TabBar>
      </div>
    </Page>
  );
}
