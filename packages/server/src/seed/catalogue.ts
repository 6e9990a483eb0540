import { DEMO_ELECTRONIC_NAMES, DEMO_MARK, type GameCategory } from '@app/contract';

/**
 * The seeded game catalogue: provider tiles per hall category. Every provider is the built-in demo
 * venue under our own demo brand (DESIGN §6): codes DEMO<kind><letter>, names 演示 + what it offers +
 * the letter, no real provider's name or code. Only the electronic providers' codes are the spec's
 * (/concise?type=obgdy|fgdz|pp|ae); their names are the contract's DEMO_ELECTRONIC_NAMES. Each tile's
 * picture is /assets/games/<category>-<platform_name>.svg (the H5 fallback). Electronic games
 * (concise) open /concise?type=<provider>, so their game_code is the provider key.
 */
export interface CatalogueEntry {
  category: GameCategory;
  platform: string;
  name: string;
  /** The tile picture's wordmark: the name without the 演示 mark, which the picture draws apart. */
  mark: string;
  gameCode: string;
  /** Tile colour pair for the generated picture (start → end of the gradient). */
  colors: [string, string];
}

const entry = (category: GameCategory, platform: string, name: string, colors: [string, string], gameCode?: string): CatalogueEntry => ({
  category,
  platform,
  name,
  mark: name.startsWith(DEMO_MARK) ? name.slice(DEMO_MARK.length) : name,
  gameCode: gameCode ?? `${platform.toLowerCase()}_${category}`,
  colors,
});

/** One of ours: the code DEMO<kind><letter>, the name 演示<what><letter>. */
const demo = (category: GameCategory, kind: string, what: string, letter: string, colors: [string, string]) =>
  entry(category, `DEMO${kind}${letter}`, `${DEMO_MARK}${what}${letter}`, colors);

/** An electronic-game provider of the spec's: its code as the spec fixes it, our demo brand as its name. */
const electronic = (code: keyof typeof DEMO_ELECTRONIC_NAMES, colors: [string, string]) => entry('concise', code, DEMO_ELECTRONIC_NAMES[code], colors, code);

export const CATEGORY_NAMES: Record<GameCategory, string> = {
  realbet: '真人视讯',
  joker: '棋牌游戏',
  gaming: '电子竞技',
  sport: '体育赛事',
  lottery: '彩票游戏',
  concise: '电子游艺',
};

export const CATALOGUE: CatalogueEntry[] = [
  demo('realbet', 'LIVE', '真人', 'A', ['#0f5132', '#2fb380']),
  demo('realbet', 'LIVE', '真人', 'B', ['#7a1020', '#e0434f']),
  demo('realbet', 'LIVE', '真人', 'C', ['#4a2a82', '#9b6cf0']),
  demo('realbet', 'LIVE', '真人', 'D', ['#11294f', '#2f7de1']),
  demo('realbet', 'LIVE', '真人', 'E', ['#6b3a0a', '#e08a2e']),
  demo('joker', 'CARD', '棋牌', 'A', ['#8a1538', '#ef476f']),
  demo('joker', 'CARD', '棋牌', 'B', ['#0b4f6c', '#20a4d8']),
  demo('joker', 'CARD', '棋牌', 'C', ['#7c4a03', '#f2a93b']),
  demo('joker', 'CARD', '棋牌', 'D', ['#3b1f6e', '#7f5af0']),
  demo('gaming', 'ESPORT', '电竞', 'A', ['#1b1f3b', '#5465ff']),
  demo('gaming', 'ESPORT', '电竞', 'B', ['#3a0c4f', '#c04cf0']),
  demo('gaming', 'ESPORT', '电竞', 'C', ['#5c1a0b', '#f25c2a']),
  demo('sport', 'SPORT', '体育', 'A', ['#053b2f', '#1fbf8f']),
  demo('sport', 'SPORT', '体育', 'B', ['#0a2f6b', '#3a8ef6']),
  demo('sport', 'SPORT', '体育', 'C', ['#5a0d2a', '#e23e6b']),
  demo('sport', 'SPORT', '体育', 'D', ['#24324a', '#5d7fb5']),
  demo('lottery', 'LOTTO', '彩票', 'A', ['#4d1a7f', '#b15cf2']),
  demo('lottery', 'LOTTO', '彩票', 'B', ['#8a3b00', '#f08c2e']),
  demo('lottery', 'LOTTO', '彩票', 'C', ['#0b5563', '#27b5c9']),
  electronic('obgdy', ['#1e2a78', '#3a5bef']),
  electronic('fgdz', ['#6a0d5e', '#e0399f']),
  electronic('pp', ['#7a4a00', '#f5b700']),
  electronic('ae', ['#0c4a4a', '#19b3a6']),
];

export function gameImage(e: Pick<CatalogueEntry, 'category' | 'platform'>): string {
  return `/assets/games/${e.category}-${e.platform}.svg`;
}
