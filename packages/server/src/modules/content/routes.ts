import type { FastifyPluginAsync } from 'fastify';
import { activityDetailSchema, activityListSchema, articleSchema, bannerListSchema, pageSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as content from './service.js';

/** Public content: anyone may read the hall, notices, help articles and promotions (spec §6). */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/bannerList', async (req) => ok(await content.listBanners(app.kdb, parse(bannerListSchema, req.body).type)));
  app.post('/homenotice', async () => ok(await content.homeNotices(app.kdb)));
  app.post('/noticeList', async (req) => ok(await content.listNotices(app.kdb, parse(pageSchema, req.body).page)));
  app.post('/article', async (req) => ok(await content.getArticle(app.kdb, parse(articleSchema, req.body).type)));
  app.post('/activitytype', async () => ok(await content.listActivityTypes(app.kdb)));
  app.post('/activitylist', async (req) => {
    const { type } = parse(activityListSchema, req.body);
    const { page } = parse(pageSchema, req.body);
    return ok(await content.listActivities(app.kdb, { type, page }));
  });
  // "deatil" is the contract's spelling (spec §7).
  app.post('/activitydeatil', async (req) => ok(await content.getActivity(app.kdb, parse(activityDetailSchema, req.body).id)));
};
export default routes;
