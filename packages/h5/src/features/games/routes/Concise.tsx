import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { ELECTRONIC_PROVIDERS, type ProviderGame } from '@app/contract';
import { EmptyState } from '../../../shared/components/EmptyState';
import { Page } from '../../../shared/components/Page';
import { SmartImage } from '../../../shared/components/SmartImage';
import { useGo } from '../../../shared/hooks/useGo';
import { useRequireLogin } from '../../../shared/hooks/useRequireLogin';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
import { useGames } from '../../hall/api';
import { CONCISE_GAME_TYPE, gamePagePath, isElectronicProvider, useProviderGames, type ElectronicProvider } from '../api';
import '../games.css';

/**
 * The providers' names as the hall's catalogue has them (演示电子A…, or a configured provider's own),
 * blank until it loads: the code is an identifier, never shown.
 */
function useProviderNames(): Record<string, string> {
  const { data: games } = useGames();
  return Object.fromEntries((games ?? []).filter((g) => g.category_id === 'concise').map((g) => [g.game_code, g.name]));
}

function GameCard({ game, provider }: { game: ProviderGame; provider: ElectronicProvider }) {
  const requireLogin = useRequireLogin();
  const { refuse } = usePlayBlock();
  const go = useGo();
  const open = () => {
    // Game launch requires login (spec §5), and no time-out or self-exclusion.
    const path = gamePagePath(provider, CONCISE_GAME_TYPE, game.gamecode);
    if (requireLogin(path) && !refuse()) go(path);
  };
  return (
    <button type="button" className="concise-game" data-testid="concise-game" data-code={game.gamecode} onClick={open}>
      <SmartImage src={game.gamepic} label={game.gamename} className="concise-game-img" />
      <span className="concise-game-name">{game.gamename}</span>
    </button>
  );
}

/**
 * /concise?type=obgdy|fgdz|pp|ae 电子游艺: the four electronic-game providers as tabs and the chosen
 * one's games (gamelistBycode) as a grid; a tab is the query, a game opens its frame.
 */
export default function Concise() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('type');
  const provider: ElectronicProvider = isElectronicProvider(asked) ? asked : ELECTRONIC_PROVIDERS[0];
  const names = useProviderNames();
  const { data: games, isPending, isError, refetch } = useProviderGames(provider);

  useEffect(() => {
    if (asked !== provider) setParams({ type: provider }, { replace: true });
  }, [asked, provider]);

  return (
    <Page title="电子游艺" className="concise-page">
      <div className="concise-tabs" role="tablist" data-testid="concise-tabs">
        {ELECTRONIC_PROVIDERS.map((p) => (
          <button
            type="button"
            key={p}
            role="tab"
            aria-selected={p === provider}
            className={`concise-tab${p === provider ? ' active' : ''}`}
            data-testid={`concise-tab-${p}`}
            onClick={() => p !== provider && setParams({ type: p }, { replace: true })}
          >
            {names[p] ?? ''}
          </button>
        ))}
      </div>
      <div className="concise-head">
        <span className="concise-head-title">{names[provider] ?? ''}</span>
        {games && <span className="concise-head-count">{games.length} 款游戏</span>}
      </div>
      {isPending ? (
        <div className="concise-status">
          <DotLoading color="primary" />
        </div>
      ) : isError ? (
        <div className="concise-status" role="button" onClick={() => void refetch()}>
          加载失败，点击重试
        </div>
      ) : games.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="concise-grid" data-testid={`concise-grid-${provider}`}>
          {games.map((g) => (
            <GameCard key={g.gamecode} game={g} provider={provider} />
          ))}
        </div>
      )}
    </Page>
  );
}
