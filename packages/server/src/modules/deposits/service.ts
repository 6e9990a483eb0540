import { assertMayPlay } from '../protection/enforce.js';
import {
  CODE,
  depositAmountFailure,
  depositBankRules,
  fenToYuan,
  firstFailure,
  fmt,
  LIMITS,
  MSG,
  PAY_METHOD_LABELS,
  payInfoType,
  payMethodOf,
  rateE4,
  TIMING,
  usdtCentsFor,
  yuanToFen,
  type PayInfo,
  type PayMethod,
} from '@app/contract';
import type { rechargeSchema } from '@app/contract/schemas';
import type { z } from 'zod';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { withOrderNo, type OrderNoFormat } from '../../lib/order-no.js';
import { beijing } from '../../lib/time.js';
import { getSettings } from '../site/service.js';
import { expireDeposits } from './expiry.js';

export type RechargeInput = z.output<typeof rechargeSchema>;

/** A deposit's number: D + Beijing yyyyMMddHHmmss + 6 random digits. */
export const DEPOSIT_NO: OrderNoFormat = { prefix: 'D', random: 6 };

/**
 * POST /api/recharge: checks in the spec's order (method open, bank fields for a bank transfer, the
 * amount within the method's range), then opens a pending order against the method's first enabled
 * receiving account. No money moves until staff approve it (review.ts).
 */
export async function createDeposit(db: Kdb, memberId: number, input: RechargeInput): Promise<{ depositNo: string; method: PayMethod }> {
  const method = payMethodOf(input.paytype, input.catepay);
  const [range, account] = await Promise.all([
    db.selectFrom('pay_methods').select(['enabled', 'min_fen', 'max_fen']).where('code', '=', method).executeTakeFirst(),
    db
      .selectFrom('receiving_accounts')
      .select('id')
      .where('method', '=', method)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  // A method nobody can pay into (no enabled receiving account) is as closed as a disabled one.
  if (!range?.enabled || !account) throw badRequest(MSG.depositMethodClosed);
  if (method === 'bank') {
    const failure = firstFailure(input, depositBankRules);
    if (failure) throw badRequest(failure);
  }
  const failure = depositAmountFailure(input.amount, { min_price: fenToYuan(range.min_fen), max_price: fenToYuan(range.max_fen) });
  if (failure) throw badRequest(failure);
  const amountFen = yuanToFen(input.amount)!;

  const isUsdt = method.startsWith('usdt');
  const rate = isUsdt ? (await getSettings(db)).usdtRate : 0;
  const isBank = method === 'bank';
  return db.transaction().execute(async (tx) => {
    // The member row serialises this member's submissions, so the pending cap holds under bursts
    // (NO KEY UPDATE, so rows referencing the member, such as mails, are not blocked).
    await tx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
    // The member's orders past their payment window close first: they count for neither cap nor limit.
    await expireDeposits(tx, { memberId });
    // Player protection: a time-out, an exclusion or a deposit limit refuses the order.
    await assertMayPlay(tx, { id: memberId, isTrial: false }, 'deposit', amountFen);
    const pending = await tx
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .where('state', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= LIMITS.depositPendingMax) {
      throw new AppError(CODE.tooMany, fmt(MSG.depositPendingLimit, { max: LIMITS.depositPendingMax }));
    }
    const { orderNo } = await withOrderNo(DEPOSIT_NO, async (depositNo) => {
      const row = await tx
        .insertInto('deposits')
        .values({
          deposit_no: depositNo,
          member_id: memberId,
          method,
          amount_fen: amountFen,
          usdt_rate_e4: isUsdt ? rateE4(rate) : 0,
          usdt_cents: isUsdt ? usdtCentsFor(amountFen, rate) : 0,
          receiving_account_id: account.id,
          payer_name: isBank ? input.bank_owner : '',
          payer_bank: isBank ? input.bank : '',
          payer_bank_no: isBank ? input.bank_no : '',
          payer_bank_address: isBank ? input.bank_address : '',
        })
        .onConflict((oc) => oc.column('deposit_no').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    });
    return { depositNo: orderNo, method };
  });
}

/** POST /api/payinfo: one of the member's own orders with where and how to pay it. */
export async function payInfo(db: Kdb, memberId: number, depositNo: string, now: Date = new Date()): Promise<{ type: string; info: PayInfo }> {
  await expireDeposits(db, { memberId });
  const row = await db
    .selectFrom('deposits as d')
    .leftJoin('receiving_accounts as a', 'a.id', 'd.receiving_account_id')
    .select([
      'd.deposit_no',
      'd.method',
      'd.amount_fen',
      'd.usdt_rate_e4',
      'd.usdt_cents',
      'd.state',
      'd.created_at',
      'd.expired_at',
      'a.mch_id',
      'a.content',
      'a.payimg',
      'a.bank_name',
      'a.bank_no',
      'a.bank_owner',
      'a.bank_address',
    ])
    .where('d.deposit_no', '=', depositNo)
    .where('d.member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.orderMissing);
  const method = row.method as PayMethod;
  const createdAt = new Date(row.created_at);
  const windowEndMs = createdAt.getTime() + TIMING.paymentWindowMin * 60_000;
  return {
    type: payInfoType(method),
    info: {
      deposit_no: row.deposit_no,
      info: {
        amount: fenToYuan(row.amount_fen),
        created_at: beijing(createdAt),
        paytype: payInfoType(method),
        payname: PAY_METHOD_LABELS[method],
        state: row.state,
        usdt_amount: row.usdt_cents / 100,
        usdtrate: row.usdt_rate_e4 / 10_000,
        expires_in: Math.max(0, Math.floor((windowEndMs - now.getTime()) / 1000)),
        expired: row.expired_at !== null,
      },
      cardlist: {
        mch_id: row.mch_id ?? '',
        content: row.content ?? '',
        payimg: row.payimg ?? '',
        bank_name: row.bank_name ?? '',
        bank_no: row.bank_no ?? '',
        bank_owner: row.bank_owner ?? '',
        bank_address: row.bank_address ?? '',
      },
    },
  };
}
