import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { activityDetailSchema, activityListSchema, articleSchema, bannerListSchema, pageSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as content from './service.js';

/**
 * Public content: anyone may read the hall, notices, help articles and promotions (spec §6). Kept per
 * instance until staff change it (http/public-cache.ts), keyed by the route and its validated input.
 */
const routes: FastifyPluginAsync = async (app) => {
  const kept = (req: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>) => app.publicCache.reply(req, reply, key, async () => ok(await load()));
  app.post('/bannerList', async (req, reply) => {
    const { type } = parse(bannerListSchema, req.body);
    return kept(req, reply, `bannerList:${type}`, () => content.listBanners(app.kdb, type));
  });
  app.post('/homenotice', async (req, reply) => kept(req, reply, 'homenotice', () => content.homeNotices(app.kdb)));
  app.post('/noticeList', async (req, reply) => {
    const { page } = parse(pageSchema, req.body);
    return kept(req, reply, `noticeList:${page}`, () => content.listNotices(app.kdb, page));
  });
  app.post('/article', async (req, reply) => {
    const { type } = parse(articleSchema, req.body);
    return kept(req, reply, `article:${type}`, () => content.getArticle(app.kdb, type));
  });
  app.post('/activitytype', async (req, reply) => kept(req, reply, 'activitytype', () => content.listActivityTypes(app.kdb)));
  app.post('/activitylist', async (req, reply) => {
    const { type } = parse(activityListSchema, req.body);
    const { page } = parse(pageSchema, req.body);
    return kept(req, reply, `activitylist:${type}:${page}`, () => content.listActivities(app.kdb, { type, page }));
  });
  // "deatil" is the contract's spelling (spec §7).
  app.post('/activitydeatil', async (req, reply) => {
    const { id } = parse(activityDetailSchema, req.body);
    return kept(req, reply, `activitydeatil:${id}`, () => content.getActivity(app.kdb, id));
  });
};
export default routes;
