import { activityDetailSchema, activityListSchema, articleSchema, bannerListSchema, pageSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberContext, type MemberRoute } from '../../http/member-route.js';
import * as content from './service.js';

const TAG = '内容';

/** The answer of `key` from the instance's public cache, loaded by `load` when not kept (http/public-cache.ts). */
const kept = ({ app, req, reply }: MemberContext<'public', unknown, unknown, unknown>, key: string, load: () => Promise<unknown>) =>
  app.publicCache.reply(req, reply, key, async () => ok(await load()));

/**
 * Public content: anyone may read the hall, notices, help articles and promotions (spec §6). Kept per
 * instance until staff change it (http/public-cache.ts), keyed by the route and its validated input.
 */
export const contentRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/bannerList',
    tag: TAG,
    summary: '轮播图（type 2 为大厅）',
    access: 'public',
    body: bannerListSchema,
    answer: 'cached',
    handler: async (ctx) => kept(ctx, `bannerList:${ctx.body.type}`, () => content.listBanners(ctx.app.kdb, ctx.body.type)),
  }),
  memberRoute({
    method: 'POST',
    path: '/homenotice',
    tag: TAG,
    summary: '首页滚动公告（字符串列表）',
    access: 'public',
    answer: 'cached',
    handler: async (ctx) => kept(ctx, 'homenotice', () => content.homeNotices(ctx.app.kdb)),
  }),
  memberRoute({
    method: 'POST',
    path: '/noticeList',
    tag: TAG,
    summary: '公告列表（分页）',
    access: 'public',
    body: pageSchema,
    answer: 'cached',
    handler: async (ctx) => kept(ctx, `noticeList:${ctx.body.page}`, () => content.listNotices(ctx.app.kdb, ctx.body.page)),
  }),
  memberRoute({
    method: 'POST',
    path: '/article',
    tag: TAG,
    summary: '帮助文章（按 type）',
    access: 'public',
    body: articleSchema,
    answer: 'cached',
    handler: async (ctx) => kept(ctx, `article:${ctx.body.type}`, () => content.getArticle(ctx.app.kdb, ctx.body.type)),
  }),
  memberRoute({
    method: 'POST',
    path: '/activitytype',
    tag: TAG,
    summary: '活动分类',
    access: 'public',
    answer: 'cached',
    handler: async (ctx) => kept(ctx, 'activitytype', () => content.listActivityTypes(ctx.app.kdb)),
  }),
  memberRoute({
    method: 'POST',
    path: '/activitylist',
    tag: TAG,
    summary: '活动列表（可按分类 type，分页）',
    access: 'public',
    // The type and the page, each falling back to its default (neither schema ever refuses).
    body: activityListSchema.extend(pageSchema.shape),
    answer: 'cached',
    handler: async (ctx) => {
      const { type, page } = ctx.body;
      return kept(ctx, `activitylist:${type}:${page}`, () => content.listActivities(ctx.app.kdb, { type, page }));
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/activitydeatil',
    tag: TAG,
    // "deatil" is the contract's spelling (spec §7).
    summary: '活动详情（按 id）',
    access: 'public',
    body: activityDetailSchema,
    answer: 'cached',
    handler: async (ctx) => kept(ctx, `activitydeatil:${ctx.body.id}`, () => content.getActivity(ctx.app.kdb, ctx.body.id)),
  }),
];
