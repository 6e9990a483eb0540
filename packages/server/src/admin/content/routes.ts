import { BANNER_TYPES, CONTENT_LIMITS, CONTENT_MSG, GAME_CATEGORY_LABELS, type BannerForm, type GameEntryForm, type NewGameEntryForm, type NoticeForm } from '@app/contract';
import {
  articleParams,
  articlePreviewSchema,
  articleSaveSchema,
  bannerSaveSchema,
  contentStateSchema,
  gameEntrySaveSchema,
  idParams,
  newGameEntrySchema,
  noticeSaveSchema,
  venueMaintenanceSchema,
  venueParams,
} from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import * as content from '../../modules/content/editing.js';
import { sanitizeHtml } from '../../modules/content/sanitize.js';
import { createGameEntry, listGameEntries, updateGameEntry } from '../../modules/games/catalogue.js';
import { listAdminVenues, setVenueMaintenance } from '../../modules/venues/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

const TAG = '内容管理';
const NOW = '保存后会员端下次读取即可见（会员端内容接口不做缓存）';
const bannerTypes = Object.entries(BANNER_TYPES).map(([t, label]) => `${t} ${label}`).join('、');
const BANNER_FIELDS = `type 位置（${bannerTypes}），src 图片（POST /uploads 返回的 url 或 /assets/ 下的站内图片），url 点击链接（空、/#/ 开头的站内地址或 http(s) 地址，不超过${CONTENT_LIMITS.linkMax}个字符），sort 排序（小的在前），enabled 是否显示`;
const NOTICE_FIELDS = `title 标题1~${CONTENT_LIMITS.noticeTitleMax}个字符，content 内容1~${CONTENT_LIMITS.noticeContentMax}个字符（纯文本），on_home 是否在首页滚动公告显示，enabled 是否显示`;
const HTML_RULE = '保存时按白名单净化，仅保留 p、b、strong、h3、ul、ol、li、br 且不带属性，script、style、iframe 等连同内容删除';

/** Content management: banners, notices, help articles, the game catalogue, venue maintenance (each changed by its owner module). */
export const contentRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/banners',
    tag: TAG,
    summary: `轮播图列表（含隐藏的）：按位置、排序；${bannerTypes}`,
    access: 'content.read',
    handler: async ({ app }) => ok(await content.listBanners(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/banners',
    tag: TAG,
    summary: `新增轮播图：${BANNER_FIELDS}。${NOW}`,
    access: 'content.manage',
    body: bannerSaveSchema,
    audits: ['banner.create'],
    handler: async ({ app, req, staff, body }) => ok(await content.createBanner(app.kdb, actorOf(req, staff), body as BannerForm), CONTENT_MSG.bannerCreated),
  }),
  route({
    method: 'POST',
    path: '/banners/:id',
    tag: TAG,
    summary: `修改轮播图：${BANNER_FIELDS}`,
    access: 'content.manage',
    params: idParams,
    body: bannerSaveSchema,
    audits: ['banner.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await content.updateBanner(app.kdb, actorOf(req, staff), params.id, body as BannerForm), CONTENT_MSG.bannerSaved),
  }),
  route({
    method: 'POST',
    path: '/banners/:id/state',
    tag: TAG,
    summary: '显示/隐藏轮播图：enabled',
    access: 'content.manage',
    params: idParams,
    body: contentStateSchema,
    audits: ['banner.update'],
    handler: async ({ app, req, staff, params, body }) => {
      const after = await content.setBannerEnabled(app.kdb, actorOf(req, staff), params.id, body.enabled);
      return ok(after, after.enabled ? CONTENT_MSG.shown : CONTENT_MSG.hidden);
    },
  }),
  route({
    method: 'POST',
    path: '/banners/:id/delete',
    tag: TAG,
    summary: '删除轮播图（图片文件保留）',
    access: 'content.manage',
    params: idParams,
    audits: ['banner.delete'],
    handler: async ({ app, req, staff, params }) => ok(await content.deleteBanner(app.kdb, actorOf(req, staff), params.id), CONTENT_MSG.bannerDeleted),
  }),
  route({
    method: 'GET',
    path: '/notices',
    tag: TAG,
    summary: '公告列表（含隐藏的），新到旧；on_home 为首页滚动公告',
    access: 'content.read',
    handler: async ({ app }) => ok(await content.listNotices(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/notices',
    tag: TAG,
    summary: `发布公告：${NOTICE_FIELDS}。${NOW}`,
    access: 'content.manage',
    body: noticeSaveSchema,
    audits: ['notice.create'],
    handler: async ({ app, req, staff, body }) => ok(await content.createNotice(app.kdb, actorOf(req, staff), body as NoticeForm), CONTENT_MSG.noticeCreated),
  }),
  route({
    method: 'POST',
    path: '/notices/:id',
    tag: TAG,
    summary: `修改公告：${NOTICE_FIELDS}`,
    access: 'content.manage',
    params: idParams,
    body: noticeSaveSchema,
    audits: ['notice.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await content.updateNotice(app.kdb, actorOf(req, staff), params.id, body as NoticeForm), CONTENT_MSG.noticeSaved),
  }),
  route({
    method: 'POST',
    path: '/notices/:id/state',
    tag: TAG,
    summary: '显示/隐藏公告：enabled',
    access: 'content.manage',
    params: idParams,
    body: contentStateSchema,
    audits: ['notice.update'],
    handler: async ({ app, req, staff, params, body }) => {
      const after = await content.setNoticeEnabled(app.kdb, actorOf(req, staff), params.id, body.enabled);
      return ok(after, after.enabled ? CONTENT_MSG.shown : CONTENT_MSG.hidden);
    },
  }),
  route({
    method: 'POST',
    path: '/notices/:id/delete',
    tag: TAG,
    summary: '删除公告',
    access: 'content.manage',
    params: idParams,
    audits: ['notice.delete'],
    handler: async ({ app, req, staff, params }) => ok(await content.deleteNotice(app.kdb, actorOf(req, staff), params.id), CONTENT_MSG.noticeDeleted),
  }),
  route({
    method: 'GET',
    path: '/articles',
    tag: TAG,
    summary: '帮助与关于文章 1~9：标题与内容（已净化的 HTML，即会员端所见）；/abouts?type=5 显示文章9，type=6 显示文章2',
    access: 'content.read',
    handler: async ({ app }) => ok(await content.listArticles(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/articles/preview',
    tag: TAG,
    summary: `预览文章内容：content 为 HTML，返回净化后的 HTML（会员端将显示的内容；${HTML_RULE}）；不保存`,
    access: 'content.read',
    body: articlePreviewSchema,
    handler: async ({ body }) => ok({ content: sanitizeHtml(body.content) }),
  }),
  route({
    method: 'POST',
    path: '/articles/:type',
    tag: TAG,
    summary: `修改文章：title 1~${CONTENT_LIMITS.articleTitleMax}个字符，content 为 HTML（${HTML_RULE}）。${NOW}`,
    access: 'content.manage',
    params: articleParams,
    body: articleSaveSchema,
    audits: ['article.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await content.saveArticle(app.kdb, actorOf(req, staff), params.type, body), CONTENT_MSG.articleSaved),
  }),
  route({
    method: 'GET',
    path: '/game-entries',
    tag: TAG,
    summary: '游戏目录：大厅各分类的游戏入口（含隐藏的），按分类、排序；app_state 1 显示 0 隐藏',
    access: 'content.read',
    handler: async ({ app }) => ok(await listGameEntries(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/game-entries',
    tag: TAG,
    summary: `新增游戏入口：category_id 大厅分类（${Object.entries(GAME_CATEGORY_LABELS).map(([c, l]) => `${c} ${l}`).join('、')}），platform_name 场馆代码（GET /venues），game_code 该场馆的游戏代码（1~${CONTENT_LIMITS.gameCodeMax}位字母、数字、_ 或 -，同一场馆不可重复），name 名称1~${CONTENT_LIMITS.gameNameMax}个字符，image 图片（POST /uploads 返回的 url 或 /assets/ 下的站内图片），app_state 1 显示 0 隐藏，sort 排序（小的在前）。${NOW}`,
    access: 'content.manage',
    body: newGameEntrySchema,
    audits: ['game.create'],
    handler: async ({ app, req, staff, body }) => ok(await createGameEntry(app.kdb, actorOf(req, staff), body as NewGameEntryForm), CONTENT_MSG.gameCreated),
  }),
  route({
    method: 'POST',
    path: '/game-entries/:id',
    tag: TAG,
    summary: `修改游戏入口：name 1~${CONTENT_LIMITS.gameNameMax}个字符，image 图片（POST /uploads 返回的 url 或 /assets/ 下的站内图片），app_state 1 显示 0 隐藏，sort 排序（小的在前）。${NOW}`,
    access: 'content.manage',
    params: idParams,
    body: gameEntrySaveSchema,
    audits: ['game.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await updateGameEntry(app.kdb, actorOf(req, staff), params.id, body as GameEntryForm), CONTENT_MSG.gameSaved),
  }),
  route({
    method: 'GET',
    path: '/venues',
    tag: TAG,
    summary: '场馆列表：enabled false 为维护中；tiles 为进入该场馆的大厅入口数',
    access: 'content.read',
    handler: async ({ app }) => ok(await listAdminVenues(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/venues/:code/maintenance',
    tag: TAG,
    summary: '场馆维护开关：maintenance true 进入维护（会员进入游戏或转入、转出该场馆时提示“场馆维护中，请稍后再试”），false 恢复开放；本实例即时生效，其他实例1秒内生效',
    access: 'content.manage',
    params: venueParams,
    body: venueMaintenanceSchema,
    audits: ['venue.maintenance'],
    handler: async ({ app, req, staff, params, body }) => {
      const after = await setVenueMaintenance(app.kdb, actorOf(req, staff), params.code, body.maintenance);
      app.venues.forgetVenues();
      return ok(after, after.enabled ? CONTENT_MSG.venueMaintenanceOff : CONTENT_MSG.venueMaintenanceOn);
    },
  }),
];
