import type { FastifyPluginAsync } from 'fastify';
import { MSG, yuanToFen } from '@app/contract';
import { balanceListSchema, transferSchema, transferStatusSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { playGuard } from '../protection/enforce.js';
import { balanceList, recycleAll, refusal, setTransferStatus, transfer, type TransferDeps } from './service.js';

/**
 * Venue wallets and transfers (spec §7 wallet, DESIGN §6). The trial account may use them: it plays
 * with demo money (DESIGN §4 refuses it only deposits, withdrawals, cards, profile and passwords).
 */
const routes: FastifyPluginAsync = async (app) => {
  const member = { preHandler: app.requireMember };
  const deps = (): TransferDeps => ({ db: app.kdb, venues: app.venues });

  // Polled every 1.5–3.5 s: one read for the venues, one batch read per adapter.
  app.post('/balancelist', member, async (req) => {
    const { with_wallet } = parse(balanceListSchema, req.body);
    return ok(await balanceList(deps(), req.member!.id, with_wallet === 1));
  });

  app.post('/transfer', member, async (req) => {
    const body = parse(transferSchema, req.body);
    // The rules passed, so the amount is a positive money value.
    const amountFen = yuanToFen(body.amount)!;
    // Into a venue, player protection decides first (issue 16): blocks, the session limit, the money limits' headroom.
    const guard = playGuard({ id: req.member!.id, isTrial: req.member!.isTrial, tokenHash: req.member!.tokenHash }, 'transfer', amountFen);
    const outcome = await transfer(deps(), req.member!.id, { amountFen, sourcetype: body.sourcetype, targettype: body.targettype }, guard);
    if (outcome.failed) throw refusal(outcome);
    return ok(outcome.result, outcome.message);
  });

  app.post('/transall', member, async (req) => {
    const { result, message } = await recycleAll(deps(), req.member!.id);
    return ok(result, message);
  });

  app.post('/uptransferstatus', member, async (req) => {
    const { transferstatus } = parse(transferStatusSchema, req.body);
    await setTransferStatus(app.kdb, req.member!.id, transferstatus);
    return ok({ transferstatus }, MSG.ok);
  });
};
export default routes;
