import type { FastifyInstance } from 'fastify';
import { MSG, yuanToFen } from '@app/contract';
import { balanceListSchema, transferSchema, transferStatusSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { playGuard } from '../protection/enforce.js';
import { balanceList, recycleAll, refusal, setTransferStatus, transfer, type TransferDeps } from './service.js';

const TAG = '转账';

const deps = (app: FastifyInstance): TransferDeps => ({ db: app.kdb, venues: app.venues });

/**
 * Venue wallets and transfers (spec §7 wallet, DESIGN §6). The trial account may use them: it plays
 * with demo money (DESIGN §4 refuses it only deposits, withdrawals, cards, profile and passwords).
 */
export const transferRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/balancelist',
    tag: TAG,
    summary: '各场馆钱包余额（with_wallet 1 时含中心钱包）',
    access: 'member',
    body: balanceListSchema,
    // Polled every 1.5–3.5 s: one read for the venues, one batch read per adapter.
    handler: async ({ app, member, body }) => ok(await balanceList(deps(app), member.id, body.with_wallet === 1)),
  }),
  memberRoute({
    method: 'POST',
    path: '/transfer',
    tag: TAG,
    summary: '中心钱包与场馆钱包之间转账（一方必须是中心钱包）',
    access: 'member',
    body: transferSchema,
    handler: async ({ app, member, body }) => {
      // The rules passed, so the amount is a positive money value.
      const amountFen = yuanToFen(body.amount)!;
      // Into a venue, player protection decides first: blocks, the session limit, the money limits' headroom.
      const guard = playGuard({ id: member.id, isTrial: member.isTrial, tokenHash: member.tokenHash }, 'transfer', amountFen);
      const outcome = await transfer(deps(app), member.id, { amountFen, sourcetype: body.sourcetype, targettype: body.targettype }, guard);
      if (outcome.failed) throw refusal(outcome);
      return ok(outcome.result, outcome.message);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/transall',
    tag: TAG,
    summary: '一键回收：各场馆余额全部转回中心钱包',
    access: 'member',
    handler: async ({ app, member }) => {
      const { result, message } = await recycleAll(deps(app), member.id);
      return ok(result, message);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/uptransferstatus',
    tag: TAG,
    summary: '免转钱包开关（transferstatus）',
    access: 'member',
    body: transferStatusSchema,
    handler: async ({ app, member, body: { transferstatus } }) => {
      await setTransferStatus(app.kdb, member.id, transferstatus);
      return ok({ transferstatus }, MSG.ok);
    },
  }),
];
