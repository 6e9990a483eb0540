import type { GameCategory } from '@app/contract';

/**
 * The seeded game catalogue: provider tiles per hall category. Every provider points at the
 * built-in demo venue (DESIGN §6); each tile's picture is /assets/games/<category>-<platform_name>.svg (the H5 fallback).
 * Electronic games (concise) open /concise?type=<provider>, so their game_code is the provider key.
 */
export interface CatalogueEntry {
  category: GameCategory;
  platform: string;
  name: string;
  gameCode: string;
  /** Tile colour pair for the generated picture (start → end of the gradient). */
  colors: [string, string];
}

const entry = (category: GameCategory, platform: string, name: string, colors: [string, string], gameCode?: string): CatalogueEntry => ({
  category,
  platform,
  name,
  gameCode: gameCode ?? `${platform.toLowerCase()}_${category}`,
  colors,
});

export const CATEGORY_NAMES: Record<GameCategory, string> = {
  realbet: '真人视讯',
  joker: '棋牌游戏',
  gaming: '电子竞技',
  sport: '体育赛事',
  lottery: '彩票游戏',
  concise: '电子游艺',
};

export const CATALOGUE: CatalogueEntry[] = [
  entry('realbet', 'AG', 'AG真人', ['#0f5132', '#2fb380']),
  entry('realbet', 'BBIN', 'BBIN真人', ['#7a1020', '#e0434f']),
  entry('realbet', 'DG', 'DG真人', ['#4a2a82', '#9b6cf0']),
  entry('realbet', 'EVO', 'EVO真人', ['#11294f', '#2f7de1']),
  entry('realbet', 'WM', 'WM真人', ['#6b3a0a', '#e08a2e']),
  entry('joker', 'KY', '开元棋牌', ['#8a1538', '#ef476f']),
  entry('joker', 'LEG', '乐游棋牌', ['#0b4f6c', '#20a4d8']),
  entry('joker', 'VG', '财神棋牌', ['#7c4a03', '#f2a93b']),
  entry('joker', 'MT', '美天棋牌', ['#3b1f6e', '#7f5af0']),
  entry('gaming', 'IA', 'IA电竞', ['#1b1f3b', '#5465ff']),
  entry('gaming', 'TF', 'TF电竞', ['#3a0c4f', '#c04cf0']),
  entry('gaming', 'LH', '雷火电竞', ['#5c1a0b', '#f25c2a']),
  entry('sport', 'IM', 'IM体育', ['#053b2f', '#1fbf8f']),
  entry('sport', 'SABA', '沙巴体育', ['#0a2f6b', '#3a8ef6']),
  entry('sport', 'FB', 'FB体育', ['#5a0d2a', '#e23e6b']),
  entry('sport', 'BTI', 'BTI体育', ['#24324a', '#5d7fb5']),
  entry('lottery', 'VR', 'VR彩票', ['#4d1a7f', '#b15cf2']),
  entry('lottery', 'TCG', 'TCG彩票', ['#8a3b00', '#f08c2e']),
  entry('lottery', 'SGWIN', '双赢彩票', ['#0b5563', '#27b5c9']),
  entry('concise', 'obgdy', 'OB电子', ['#1e2a78', '#3a5bef'], 'obgdy'),
  entry('concise', 'fgdz', 'FG电子', ['#6a0d5e', '#e0399f'], 'fgdz'),
  entry('concise', 'pp', 'PP电子', ['#7a4a00', '#f5b700'], 'pp'),
  entry('concise', 'ae', 'AE电子', ['#0c4a4a', '#19b3a6'], 'ae'),
];

export function gameImage(e: Pick<CatalogueEntry, 'category' | 'platform'>): string {
  return `/assets/games/${e.category}-${e.platform}.svg`;
}
