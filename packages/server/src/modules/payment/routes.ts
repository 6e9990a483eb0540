import type { FastifyPluginAsync } from 'fastify';
import { payRangeSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { bankList } from './banks.js';
import { payRange, payWay, receivingAccounts } from './service.js';

/** Deposit methods, their limits, the bank list and the house's receiving accounts (spec §7 wallet). */
const routes: FastifyPluginAsync = async (app) => {
  const member = { preHandler: app.requireMember };

  app.get('/get_pay_way', member, async () => ok(await payWay(app.kdb)));

  app.post('/getPayRange', member, async (req) => {
    const { type } = parse(payRangeSchema, req.body);
    return ok(await payRange(app.kdb, type));
  });

  app.post('/banklist', member, async () => ok(await bankList(app.kdb)));

  app.post('/getpaybank', member, async () => ok(await receivingAccounts(app.kdb)));
};
export default routes;
