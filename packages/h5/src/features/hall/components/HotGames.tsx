import { GAME_PLAY_LABELS, type GameEntry } from '@app/contract';
import { SmartImage } from '../../../shared/components/SmartImage';
import { HALL_TABS, useGames } from '../api';
import { useLaunchGame } from './useLaunchGame';
import { FlameGlyph } from './Glyphs';

/**
 * 热门推荐: the lead provider of every category in one swipeable row. Lottery is left out: its tab lists
 * the in-house lottery rooms (lotteryList), which are not catalogue games launched through a venue.
 */
export function HotGames() {
  const { data: games } = useGames();
  const launch = useLaunchGame();
  const hot = HALL_TABS.filter((t) => t.category !== 'lottery').map((t) => (games ?? []).find((g) => g.category_id === t.category)).filter((g): g is GameEntry => !!g);
  if (hot.length === 0) return null;
  return (
    <section className="hot" data-testid="hot-games">
      <div className="hot-head">
        <FlameGlyph color="#f76707" />
        <span className="hot-title">热门推荐</span>
        <span className="hot-sub">大家都在玩</span>
      </div>
      <div className="hot-row">
        {hot.map((g) => (
          <button key={g.id} className="hot-card" data-testid="hot-game" onClick={() => launch(g)}>
            <SmartImage src={g.image || `/assets/games/${g.category_id}-${g.platform_name}.svg`} label={g.name} className="hot-img" />
            <span className="hot-tag">
              {HALL_TABS.find((t) => t.category === g.category_id)?.title}
              {g.play && ` · ${GAME_PLAY_LABELS[g.play]}`}
            </span>
            <span className="hot-name">{g.name}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
