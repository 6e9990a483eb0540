import type { FastifyInstance } from 'fastify';
import type { RecentWin } from '@app/contract';
import { betRecordSchema, gameListByCodeSchema, gameListSchema, gameUrlSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { betRecords, type BetRecordQuery } from './betrecords.js';
import { recentGames, recentWinsReader } from './highlights.js';
import { getGameUrl } from './launch.js';
import { listGames, providerGames } from './service.js';

const TAG = '游戏';

/** Each app's reader of the winners ticker (it keeps the last read for config.recentWinsCacheMs). */
const recentWinsReaders = new WeakMap<FastifyInstance, () => Promise<RecentWin[]>>();
function recentWinsOf(app: FastifyInstance): () => Promise<RecentWin[]> {
  let read = recentWinsReaders.get(app);
  if (!read) recentWinsReaders.set(app, (read = recentWinsReader(app.kdb, app.config.recentWinsCacheMs)));
  return read;
}

/** The game catalogue, launching games, and the member's bet records (spec §7). */
export const gameRoutes: MemberRoute[] = [
  // The catalogue is public content, kept per instance until staff change it (http/public-cache.ts).
  memberRoute({
    method: 'GET',
    path: '/game/list',
    tag: TAG,
    summary: '游戏大厅的游戏入口（可按分类 category）',
    access: 'public',
    query: gameListSchema,
    answer: 'cached',
    handler: async ({ app, req, reply, query: { category } }) =>
      app.publicCache.reply(req, reply, `game/list:${category ?? ''}`, async () => ok(await listGames(app.kdb, category))),
  }),
  memberRoute({
    method: 'POST',
    path: '/gamelistBycode',
    tag: TAG,
    summary: '某个游戏厂商的游戏列表（gamecode）',
    access: 'public',
    body: gameListByCodeSchema,
    answer: 'cached',
    handler: async ({ app, req, reply, body: { gamecode } }) =>
      app.publicCache.reply(req, reply, `gamelistBycode:${gamecode}`, async () => ok(await providerGames(app.venues, gamecode))),
  }),
  // The hall's winners ticker and 最近在玩: real wins only, cached per instance; the member's own launches.
  memberRoute({
    method: 'POST',
    path: '/recentWins',
    tag: TAG,
    summary: '大厅中奖播报：最近的真实大额中奖（用户名脱敏）',
    access: 'public',
    handler: async ({ app }) => ok(await recentWinsOf(app)()),
  }),
  memberRoute({
    method: 'POST',
    path: '/recentGames',
    tag: TAG,
    summary: '最近在玩：本会员最近打开的游戏',
    access: 'member',
    handler: async ({ app, member }) => ok(await recentGames(app.kdb, member.id)),
  }),
  memberRoute({
    method: 'POST',
    path: '/getGameUrl',
    tag: TAG,
    summary: '进入游戏：返回游戏页地址（在框架中打开）；试玩账号以演示资金游戏',
    access: 'member',
    body: gameUrlSchema,
    // The trial account plays too (with its demo money).
    handler: async ({ app, req, member, body }) =>
      ok(await getGameUrl({ db: app.kdb, venues: app.venues, log: req.log }, { id: member.id, isTrial: member.isTrial, tokenHash: member.tokenHash }, body)),
  }),
  memberRoute({
    method: 'POST',
    path: '/betrecord',
    tag: TAG,
    summary: '投注记录（按日期范围、场馆，分页）',
    access: 'member',
    body: betRecordSchema,
    handler: async ({ app, member, body }) => {
      // Fresh records first: one bounded pass of the feed (joins the job's pass when one is running).
      await app.betFeed.pull();
      return ok(await betRecords(app.kdb, member.id, body as BetRecordQuery));
    },
  }),
];
