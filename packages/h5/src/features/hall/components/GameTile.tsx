import { GAME_PLAY_LABELS, type GameEntry } from '@app/contract';
import { SmartImage } from '../../../shared/components/SmartImage';
import { useLaunchGame } from './useLaunchGame';

/** One provider tile: its artwork (with 电子发牌 / 虚拟赛事 where the venue says so), name and a play badge. */
export function GameTile({ game, wide = false }: { game: GameEntry; wide?: boolean }) {
  const launch = useLaunchGame();
  return (
    <button className={`game-tile${wide ? ' game-tile-wide' : ''}`} data-testid="game-tile" data-platform={game.platform_name} onClick={() => launch(game)}>
      <SmartImage src={game.image || `/assets/games/${game.category_id}-${game.platform_name}.svg`} label={game.name} className="game-tile-img" />
      {game.play && (
        <span className="game-tile-play-kind" data-testid="game-play-kind">
          {GAME_PLAY_LABELS[game.play]}
        </span>
      )}
      <span className="game-tile-foot">
        <span className="game-tile-name">{game.name}</span>
        <span className="game-tile-play">进入</span>
      </span>
    </button>
  );
}
