import {
  CARD_TYPE,
  fenToYuan,
  fmt,
  formatYuan,
  MSG,
  ORDER_STATE,
  rateE4,
  usdtCentsFor,
  usdtFee,
  yuanToFen,
  type UsdtNetwork,
} from '@app/contract';
import type { withdrawSchema } from '@app/contract/schemas';
import type { z } from 'zod';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { withOrderNo, type OrderNoFormat } from '../../lib/order-no.js';
import { checkPayPassword } from '../user/pay-password.js';
import { HOUSE, InsufficientFunds, memberBalanceFen, memberWalletId, post, systemAccountId } from '../ledger/service.js';
import { getSettings } from '../site/service.js';
import { lockedRemainingTurnoverFen } from '../turnover/service.js';
import { refuseOverPendingCap } from './pending-cap.js';

export type WithdrawInput = z.output<typeof withdrawSchema>;

/** A withdrawal's number: W + Beijing yyyyMMddHHmmss + 6 random digits. */
export const WITHDRAW_NO: OrderNoFormat = { prefix: 'W', random: 6 };

/** USDT amounts of a withdrawal, all in USDT cents; arrival may be ≤ 0 (then it is refused). */
export function usdtWithdrawal(amountFen: number, rate: number, feeUsdt: number) {
  const equivalent = usdtCentsFor(amountFen, rate);
  const fee = Math.round(feeUsdt * 100);
  return { rateE4: rateE4(rate), equivalent, fee, arrival: equivalent - fee };
}

function cardIdOf(bank: string | number): number | null {
  const id = typeof bank === 'number' ? bank : /^\d{1,15}$/.test(bank.trim()) ? Number(bank.trim()) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * POST /api/withdraw, after the shared form rules passed. Checks in order: the amount is money, the
 * card is the member's own active card, the payment password (argon2, before any lock), then inside
 * one transaction (member row locked) the balance, then the turnover requirement, and for USDT a
 * positive arrival. Money first: a member short of it is told 余额不足, not to bet more. The balance
 * read there only picks the message; the ledger's conditional update on posting is what guards it.
 * The order and its hold journal (member wallet → withdrawals in flight) commit together or not at all.
 */
export async function requestWithdrawal(db: Kdb, memberId: number, input: WithdrawInput, limits: { pendingMax: number } = { pendingMax: 0 }): Promise<{ withdrawNo: string; id: number }> {
  const amountFen = yuanToFen(input.amount);
  if (amountFen === null || amountFen <= 0) throw badRequest(MSG.amountInvalid);
  const cardId = cardIdOf(input.bank);
  const card = cardId
    ? await db
        .selectFrom('member_cards')
        .select(['id', 'type', 'bank', 'bank_owner', 'bank_no', 'bank_address'])
        .where('id', '=', cardId)
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!card) throw notFound(MSG.cardMissing);

  await checkPayPassword(db, memberId, input.password);

  const isUsdt = card.type === CARD_TYPE.usdt;
  let usdt = { rateE4: 0, equivalent: 0, fee: 0, arrival: 0 };
  if (isUsdt) {
    const settings = await getSettings(db);
    const network = card.bank_owner as UsdtNetwork;
    const feeUsdt = usdtFee(network, { withdrawcashfee: settings.withdrawFeeErc20, withdrawfeeusdttrc: settings.withdrawFeeTrc20 });
    usdt = usdtWithdrawal(amountFen, settings.withdrawUsdtRate, feeUsdt);
  }

  const [wallet, inFlight] = await Promise.all([memberWalletId(db, memberId), systemAccountId(db, HOUSE.withdrawalsInFlight)]);
  return db.transaction().execute(async (tx) => {
    const remainingFen = await lockedRemainingTurnoverFen(tx, memberId);
    if ((await memberBalanceFen(tx, memberId)) < amountFen) throw new InsufficientFunds(wallet);
    if (remainingFen > 0) throw badRequest(fmt(MSG.withdrawTurnover, { amount: formatYuan(fenToYuan(remainingFen)) }));
    await refuseOverPendingCap(tx, memberId, limits.pendingMax);
    const { orderNo, value: id } = await withOrderNo(WITHDRAW_NO, async (withdrawNo) => {
      const row = await tx
        .insertInto('withdrawals')
        .values({
          withdraw_no: withdrawNo,
          member_id: memberId,
          card_id: card.id,
          card_type: card.type,
          bank: card.bank,
          bank_owner: card.bank_owner,
          bank_no: card.bank_no,
          bank_address: card.bank_address,
          amount_fen: amountFen,
          usdt_rate_e4: usdt.rateE4,
          usdt_cents: usdt.equivalent,
          fee_usdt_cents: usdt.fee,
          arrival_usdt_cents: Math.max(0, usdt.arrival),
          state: ORDER_STATE.pending,
        })
        .onConflict((oc) => oc.column('withdraw_no').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    });
    const journalId = await post(tx, {
      idemKey: `withdraw-hold:${id}`,
      kind: 'withdraw_hold',
      memo: orderNo,
      entries: [
        { accountId: wallet, amountFen: -amountFen },
        { accountId: inFlight, amountFen },
      ],
    });
    // After the balance, in the task's order; throwing here rolls back the order and the hold.
    if (isUsdt && usdt.arrival <= 0) throw badRequest(MSG.withdrawFeeTooHigh);
    await tx.updateTable('withdrawals').set({ hold_journal_id: journalId }).where('id', '=', id).execute();
    return { withdrawNo: orderNo, id };
  });
}
