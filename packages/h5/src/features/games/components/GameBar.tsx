import { LeftOutline, RedoOutline } from 'antd-mobile-icons';
import { PLATFORM_WALLET } from '@app/contract';

/**
 * The game frame's slim bar: back, the venue (and game) name, re-enter with a fresh launch URL, and
 * the central balance (平台钱包: the game shows its own venue balance), which opens the transfer sheet
 * over the game (`onTransfer`; absent for a seamless venue's game, which plays the central balance).
 */
export function GameBar({ title, onBack, onRelaunch, balance, onTransfer }: { title: string; onBack: () => void; onRelaunch?: () => void; balance: string | null; onTransfer?: () => void }) {
  return (
    <header className="game-bar" data-testid="game-bar">
      <button type="button" className="game-bar-back" aria-label="返回" data-testid="game-back" onClick={onBack}>
        <LeftOutline />
      </button>
      <span className="game-bar-title" data-testid="game-title">
        {title}
      </span>
      <span className="game-bar-actions">
        {onRelaunch && (
          <button type="button" className="game-bar-icon" aria-label="重新进入" data-testid="game-relaunch" onClick={onRelaunch}>
            <RedoOutline />
          </button>
        )}
        {balance !== null && onTransfer && (
          <button type="button" className="game-bar-wallet" data-testid="game-transfer" onClick={onTransfer}>
            <Wallet balance={balance} />
            <span className="game-bar-wallet-go">转账</span>
          </button>
        )}
        {balance !== null && !onTransfer && (
          <span className="game-bar-wallet" data-testid="game-wallet">
            <Wallet balance={balance} />
          </span>
        )}
      </span>
    </header>
  );
}

function Wallet({ balance }: { balance: string }) {
  return (
    <>
      <span className="game-bar-wallet-label">{PLATFORM_WALLET.name}</span>
      <span className="game-bar-wallet-amount" data-testid="game-balance">
        {balance}
      </span>
    </>
  );
}
