/**
 * The console's content management: banners, home notices and notice records, help
 * articles 1–9 (the /abouts pages show articles 9 and 2, ABOUT_ARTICLE_TYPES), the hall's game
 * tiles and the venues' maintenance switch. The limits and their messages live here, read by the
 * server's schemas (content.schemas.ts) and by the console's forms, so both refuse with the
 * same words. The member API reads these tables straight from the database (no cache), so a change
 * shows in the member app at its next read.
 */
import { ARTICLE_TITLES, GAME_CATEGORIES, type GameCategory } from '../shared/constants.js';
import { fmt } from '../shared/messages.js';
import { CONTENT_IMAGE_RE } from '../shared/regex.js';
import { charCount, isIntAsSentIn } from '../shared/rules.js';

export const CONTENT_LIMITS = {
  linkMax: 300,
  noticeTitleMax: 60,
  noticeContentMax: 2000,
  articleTitleMax: 30,
  /** an article's HTML (the server's sanitizer refuses more than 200,000) */
  htmlMax: 100_000,
  gameNameMax: 30,
  /** a venue's game code (letters, digits, _ and -) */
  gameCodeMax: 40,
  sortMax: 99_999,
} as const;

/** Banner sets (banners.type): the hall's carousel and the app-download page's. */
export const BANNER_TYPES = { 2: '首页轮播', 3: 'APP下载页' } as const satisfies Record<number, string>;
export type BannerType = keyof typeof BANNER_TYPES;
export const BANNER_TYPE_IDS = [2, 3] as const;

/** The hall's categories as the member app names them. */
export const GAME_CATEGORY_LABELS: Record<GameCategory, string> = { realbet: '真人', sport: '体育', gaming: '电竞', joker: '棋牌', concise: '电子', lottery: '彩票' };

/** The articles staff edit: every type of ARTICLE_TITLES (help centre 1–4, /abouts and the footer 5–9). */
export const ARTICLE_TYPES = Object.keys(ARTICLE_TITLES).map(Number);

/** A link: '' none, /#/route or #/route inside the app, or an http(s) address (shown framed). */
const LINK_RE = /^(|\/?#\/[^\s]*|https?:\/\/[^\s]+)$/;

export const CONTENT_MSG = {
  bannerType: '请选择轮播图位置',
  bannerImage: '请上传轮播图图片',
  link: '链接须为空、站内地址（/#/开头）或 http(s) 地址，不超过{max}个字符',
  sort: '排序须为0~{max}之间的整数',
  bannerMissing: '轮播图不存在',
  bannerCreated: '轮播图已添加',
  bannerSaved: '轮播图已保存',
  bannerDeleted: '轮播图已删除',
  shown: '已显示',
  hidden: '已隐藏',
  noticeTitle: '公告标题须为1~{max}个字符',
  noticeContent: '公告内容须为1~{max}个字符',
  noticeMissing: '公告不存在',
  noticeCreated: '公告已发布',
  noticeSaved: '公告已保存',
  noticeDeleted: '公告已删除',
  articleType: '文章不存在',
  articleTitle: '文章标题须为1~{max}个字符',
  articleContent: '文章内容不能为空（不超过{max}个字符）',
  articleSaved: '文章已保存',
  gameName: '游戏名称须为1~{max}个字符',
  gameImage: '请上传游戏图片',
  gameMissing: '游戏不存在',
  gameSaved: '游戏已保存',
  gameCategory: '请选择游戏分类',
  gameVenue: '请选择场馆',
  gameCode: '游戏代码须为1~{max}位字母、数字、下划线或短横线',
  gameDuplicate: '该场馆已有此游戏代码的入口',
  gameCreated: '游戏已添加',
  venueMissing: '场馆不存在',
  venueMaintenanceOn: '场馆已进入维护',
  venueMaintenanceOff: '场馆已恢复开放',
} as const;

export interface AdminBanner {
  id: number;
  type: number;
  /** the image: /uploads/site/<id>.<ext> or /assets/… */
  src: string;
  /** where a tap leads ('' nowhere) */
  url: string;
  sort: number;
  enabled: boolean;
}
export type BannerForm = Omit<AdminBanner, 'id'>;

export interface AdminNotice {
  id: number;
  title: string;
  content: string;
  /** also scrolls in the hall's notice bar */
  on_home: boolean;
  enabled: boolean;
  /** Beijing time, YYYY-MM-DD HH:mm:ss */
  created_at: string;
}
export type NoticeForm = Pick<AdminNotice, 'title' | 'content' | 'on_home' | 'enabled'>;

export interface AdminArticle {
  type: number;
  title: string;
  /** sanitized HTML, as members get it */
  content: string;
  /** Beijing time; '' never written */
  updated_at: string;
}
export interface ArticleForm {
  title: string;
  /** HTML, sanitized by the server on write */
  content: string;
}

export interface AdminGameEntry {
  id: number;
  category_id: GameCategory;
  platform_name: string;
  game_code: string;
  name: string;
  image: string;
  /** 1 shown in the member app, 0 hidden */
  app_state: 0 | 1;
  sort: number;
}
export type GameEntryForm = Pick<AdminGameEntry, 'name' | 'image' | 'app_state' | 'sort'>;
/** POST /admin/api/game-entries: a new tile of a venue's game in a category of the hall. */
export type NewGameEntryForm = GameEntryForm & Pick<AdminGameEntry, 'category_id' | 'platform_name' | 'game_code'>;

export interface AdminVenue {
  code: string;
  name: string;
  /** true: open; false: under maintenance (members are told 场馆维护中，请稍后再试 on entering or transferring) */
  enabled: boolean;
  sort: number;
  /** the tiles of the hall that enter this venue */
  tiles: number;
}

/** POST /admin/api/articles/preview data: the HTML as members will get it. */
export interface ArticlePreview {
  content: string;
}

const sortFailure = (v: unknown) => (v !== undefined && !isIntAsSentIn(v, 0, CONTENT_LIMITS.sortMax) ? fmt(CONTENT_MSG.sort, { max: CONTENT_LIMITS.sortMax }) : null);

export function linkFailure(v: unknown): string | null {
  const ok = typeof v === 'string' && v.length <= CONTENT_LIMITS.linkMax && LINK_RE.test(v.trim());
  return ok ? null : fmt(CONTENT_MSG.link, { max: CONTENT_LIMITS.linkMax });
}

/** The first thing wrong with a banner, in the form's order, or null. */
export function bannerFormFailure(f: Partial<Record<keyof BannerForm, unknown>>): string | null {
  if (!(BANNER_TYPE_IDS as readonly unknown[]).includes(typeof f.type === 'string' ? Number(f.type) : f.type)) return CONTENT_MSG.bannerType;
  if (typeof f.src !== 'string' || !CONTENT_IMAGE_RE.test(f.src)) return CONTENT_MSG.bannerImage;
  return linkFailure(f.url ?? '') ?? sortFailure(f.sort);
}

export function noticeFormFailure(f: Partial<Record<keyof NoticeForm, unknown>>): string | null {
  const title = charCount(f.title);
  if (title < 1 || title > CONTENT_LIMITS.noticeTitleMax) return fmt(CONTENT_MSG.noticeTitle, { max: CONTENT_LIMITS.noticeTitleMax });
  const content = charCount(f.content);
  if (content < 1 || content > CONTENT_LIMITS.noticeContentMax) return fmt(CONTENT_MSG.noticeContent, { max: CONTENT_LIMITS.noticeContentMax });
  return null;
}

export function articleFormFailure(f: Partial<Record<keyof ArticleForm, unknown>>): string | null {
  const title = charCount(f.title);
  if (title < 1 || title > CONTENT_LIMITS.articleTitleMax) return fmt(CONTENT_MSG.articleTitle, { max: CONTENT_LIMITS.articleTitleMax });
  const text = typeof f.content === 'string' ? f.content.replace(/<[^>]*>|&nbsp;|\s/g, '') : '';
  if (!text || (f.content as string).length > CONTENT_LIMITS.htmlMax) return fmt(CONTENT_MSG.articleContent, { max: CONTENT_LIMITS.htmlMax });
  return null;
}

export function gameEntryFormFailure(f: Partial<Record<keyof GameEntryForm, unknown>>): string | null {
  const name = charCount(f.name);
  if (name < 1 || name > CONTENT_LIMITS.gameNameMax) return fmt(CONTENT_MSG.gameName, { max: CONTENT_LIMITS.gameNameMax });
  if (typeof f.image !== 'string' || !CONTENT_IMAGE_RE.test(f.image)) return CONTENT_MSG.gameImage;
  return sortFailure(f.sort);
}

const GAME_CODE_RE = new RegExp(`^[A-Za-z0-9_-]{1,${CONTENT_LIMITS.gameCodeMax}}$`);

/** A new tile's first failure, in the form's order: category, venue, game code, then a tile's own fields. */
export function newGameEntryFailure(f: Partial<Record<keyof NewGameEntryForm, unknown>>): string | null {
  if (!(GAME_CATEGORIES as readonly unknown[]).includes(f.category_id)) return CONTENT_MSG.gameCategory;
  if (typeof f.platform_name !== 'string' || f.platform_name.trim() === '') return CONTENT_MSG.gameVenue;
  if (typeof f.game_code !== 'string' || !GAME_CODE_RE.test(f.game_code.trim())) return fmt(CONTENT_MSG.gameCode, { max: CONTENT_LIMITS.gameCodeMax });
  return gameEntryFormFailure(f);
}
