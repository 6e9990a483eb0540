import { lazy, Suspense, useState } from 'react';
import { lowBalanceText, type VenueMe } from '@app/contract';
import { money } from './money';
import { HistorySheet } from './shell/HistorySheet';
import { RulesSheet } from './shell/RulesSheet';
import type { GameProps } from './games/types';

const Slot = lazy(() => import('./games/slot/Slot'));
const Baccarat = lazy(() => import('./games/table/Baccarat'));
const DragonTiger = lazy(() => import('./games/table/DragonTiger'));
const Dice = lazy(() => import('./games/dice/Dice'));
const Fishing = lazy(() => import('./games/fishing/Fishing'));
const Matches = lazy(() => import('./games/matches/Matches'));

/** The shared chrome (name, venue balance, rules, history) around the session's game. */
export function GameScreen({ me, balance, setBalance, refreshBalance }: { me: VenueMe; balance: number; setBalance: (b: number) => void; refreshBalance: () => Promise<void> }) {
  const [sheet, setSheet] = useState<'rules' | 'history' | null>(null);
  const [bump, setBump] = useState(0);
  const game = me.game;
  const props: Omit<GameProps<never>, 'info'> = {
    balance,
    lowBalance: lowBalanceText(me.wallet),
    afterBet: (b: number) => {
      setBalance(b);
      setBump((n) => n + 1);
      void refreshBalance();
    },
    refreshBalance,
  };
  return (
    <div className={`screen kind-${game.kind}`}>
      <header className="topbar">
        <div className="tb-title">
          <h1>{game.name}</h1>
          <span>{me.venue.name}</span>
        </div>
        <div className="tb-balance" key={bump}>
          <small>余额</small>
          <b data-testid="venue-balance">{money(balance)}</b>
        </div>
        <button className="tb-btn" onClick={() => setSheet('history')} aria-label="投注记录">
          <svg viewBox="0 0 24 24">
            <path d="M12 3a9 9 0 1 1-8.5 6H6a7 7 0 1 0 6-4V3zm-1 4h2v5.2l3.6 2.1-1 1.7L11 13.4z" />
          </svg>
          记录
        </button>
        <button className="tb-btn" onClick={() => setSheet('rules')} aria-label="游戏规则">
          <svg viewBox="0 0 24 24">
            <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm-1 14v2h2v-2zm1-10a4 4 0 0 0-4 4h2a2 2 0 1 1 3 1.7c-1.2.7-2 1.5-2 3.3h2c0-1 .4-1.4 1.3-2A4 4 0 0 0 12 6z" />
          </svg>
          规则
        </button>
      </header>
      <main className="stage">
        <Suspense fallback={<div className="spinner center" />}>
          {game.kind === 'slot' && <Slot info={game} {...props} />}
          {game.kind === 'baccarat' && <Baccarat info={game} {...props} />}
          {game.kind === 'dragontiger' && <DragonTiger info={game} {...props} />}
          {game.kind === 'dice' && <Dice info={game} {...props} />}
          {game.kind === 'fishing' && <Fishing info={game} {...props} />}
          {(game.kind === 'football' || game.kind === 'esports') && <Matches info={game} {...props} />}
        </Suspense>
      </main>
      <RulesSheet game={game} open={sheet === 'rules'} onClose={() => setSheet(null)} />
      <HistorySheet open={sheet === 'history'} onClose={() => setSheet(null)} />
    </div>
  );
}
