import { RedoOutline } from 'antd-mobile-icons';
import { formatYuan } from '@app/contract';
import { useWalletActions, useWalletFigures } from '../hooks';
import { RecycleIcon } from './icons';

/**
 * The central and game wallets with refresh and 一键回收 (spec §2 /withdrawal, /transfer): a compact
 * card under the screen's header.
 */
export function WalletPanel() {
  const { central, game, loaded } = useWalletFigures();
  const { refreshing, recycling, refresh, recycle } = useWalletActions();
  return (
    <section className="wallet-panel" data-testid="wallet-panel">
      <div className="wallet-panel-main">
        <div className="wallet-panel-label">
          中心钱包（元）
          <button type="button" className={`wallet-refresh${refreshing ? ' spinning' : ''}`} aria-label="刷新余额" data-testid="wallet-refresh" onClick={() => void refresh()}>
            <RedoOutline />
          </button>
        </div>
        <div className="wallet-panel-amount" data-testid="wallet-central">
          {loaded ? formatYuan(central) : '--'}
        </div>
      </div>
      <div className="wallet-panel-side">
        <div className="wallet-panel-label">游戏钱包（元）</div>
        <div className="wallet-panel-sub" data-testid="wallet-game">
          {loaded ? formatYuan(game) : '--'}
        </div>
        <button type="button" className="wallet-recycle-btn" data-testid="wallet-recycle" disabled={recycling} onClick={() => void recycle()}>
          <RecycleIcon /> 一键回收
        </button>
      </div>
    </section>
  );
}
