import { useState } from 'react';
import Switch from 'antd-mobile/es/components/switch';
import { BankcardOutline, BillOutline, CollectMoneyOutline, HandPayCircleOutline, RedoOutline, RightOutline } from 'antd-mobile-icons';
import { formatYuan, TIMING } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { useGo } from '../../../shared/hooks/useGo';
import { useVenueBalances, venuesOnly } from '../api';
import { useWalletActions, useWalletFigures } from '../hooks';
import { RecycleIcon, SwapIcon } from '../components/icons';
import { VenueList } from '../components/VenueList';
import '../wallet.css';

const SHORTCUTS = [
  { key: 'recharge', title: '存款', to: '/recharge', icon: <CollectMoneyOutline />, tint: ['#ffd66b', '#e9a93a'] },
  { key: 'transfer', title: '转账', to: '/transfer', icon: <SwapIcon />, tint: ['#7aa5ff', '#3a5bef'] },
  { key: 'withdrawal', title: '取款', to: '/withdrawal', icon: <HandPayCircleOutline />, tint: ['#5ee7a8', '#12b886'] },
  { key: 'wallet', title: '卡片管理', to: '/wallet', icon: <BankcardOutline />, tint: ['#b28cff', '#7048e8'] },
];

/**
 * /money 我的钱包 (spec §2): total assets (balance + gameblance), central and game wallets, refresh,
 * 一键回收, the venue balances behind a switch (polled every 3.5 s), and the money shortcuts.
 */
export default function Money() {
  const go = useGo();
  const { central, game, total, loaded } = useWalletFigures();
  const { refreshing, recycling, refresh, recycle } = useWalletActions();
  const venuesQuery = useVenueBalances(TIMING.venuePollMs);
  const [showVenues, setShowVenues] = useState(false);
  const money = (yuan: number) => (loaded ? formatYuan(yuan) : '--');

  return (
    <Page
      refreshable
      title="我的钱包"
      className="wallet-page"
      right={
        <button type="button" className="page-link" data-testid="money-records" onClick={() => go('/transRecord')}>
          <BillOutline /> 账户明细
        </button>
      }
    >
      <section className="money-hero" data-testid="money-hero">
        <div className="money-hero-top">
          <span className="money-hero-label">总资产（元）</span>
          <button type="button" className={`wallet-refresh${refreshing ? ' spinning' : ''}`} aria-label="刷新余额" data-testid="wallet-refresh" onClick={() => void refresh()}>
            <RedoOutline />
          </button>
          <button type="button" className="money-recycle" data-testid="wallet-recycle" disabled={recycling} onClick={() => void recycle()}>
            <RecycleIcon /> 一键回收
          </button>
        </div>
        <div className="money-total" data-testid="wallet-total">
          {money(total)}
        </div>
        <div className="money-split">
          <div className="money-split-item">
            <span className="money-split-label">中心钱包</span>
            <span className="money-split-value" data-testid="wallet-central">
              {money(central)}
            </span>
          </div>
          <span className="money-split-divider" />
          <div className="money-split-item">
            <span className="money-split-label">游戏钱包</span>
            <span className="money-split-value" data-testid="wallet-game">
              {money(game)}
            </span>
          </div>
        </div>
      </section>

      <nav className="wallet-card money-shortcuts" data-testid="money-shortcuts">
        {SHORTCUTS.map((s) => (
          <button key={s.key} type="button" className="money-shortcut" data-testid={`money-link-${s.key}`} onClick={() => go(s.to)}>
            <span className="money-shortcut-icon" style={{ background: `linear-gradient(135deg, ${s.tint[0]} 0%, ${s.tint[1]} 100%)` }}>
              {s.icon}
            </span>
            <span>{s.title}</span>
          </button>
        ))}
      </nav>

      <section className="wallet-card">
        <div className="wallet-card-title">
          场馆余额
          <label className="wallet-card-switch">
            <span>显示明细</span>
            <Switch checked={showVenues} onChange={setShowVenues} data-testid="venue-switch" style={{ '--height': '24px', '--width': '42px' }} />
          </label>
        </div>
        {showVenues ? (
          <VenueList venues={venuesQuery.data ? venuesOnly(venuesQuery.data) : undefined} initial={Number.MAX_SAFE_INTEGER} columns={3} />
        ) : (
          <button type="button" className="money-venues-folded" onClick={() => setShowVenues(true)}>
            <span>
              共 {venuesQuery.data ? venuesOnly(venuesQuery.data).length : '--'} 个场馆，游戏钱包合计 <b>¥ {money(game)}</b>
            </span>
            <RightOutline />
          </button>
        )}
      </section>

      <section className="wallet-tips">
        <div className="wallet-tips-title">温馨提示</div>
        <p>游戏钱包余额需回收至中心钱包后方可取款，点击「一键回收」即可将全部场馆余额转回中心钱包。</p>
        <p>开启「自动免转」后，进入游戏时中心钱包余额将自动转入对应场馆。</p>
      </section>
    </Page>
  );
}
