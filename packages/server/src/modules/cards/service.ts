import {
  BANK_MSG,
  CARD_TYPE,
  CODE,
  fmt,
  LIMITS,
  maskCardNo,
  MSG,
  normalizeCardNumber,
  USDT_BANK,
  type BindCardInput,
  type CardType,
  type SavedCard,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { ReviewRecorder } from '../ledger/service.js';
import { isBankOffered } from '../payment/banks.js';
import { checkPayPassword } from '../user/pay-password.js';

/** Bank cards show the shared bank icon until per-bank icons exist; USDT addresses have none. */
export const BANK_CARD_ICON = '/assets/logo.svg';

const UNIQUE_VIOLATION = '23505';

/** POST /api/getcard: the member's active cards of one type, numbers masked to the last 4. */
export async function listCards(db: Kdb, memberId: number, type: CardType): Promise<SavedCard[]> {
  const [rows, member] = await Promise.all([
    db
      .selectFrom('member_cards')
      .select(['id', 'bank', 'bank_owner', 'bank_no', 'bank_address'])
      .where('member_id', '=', memberId)
      .where('type', '=', type)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    db.selectFrom('members').select('pay_password_hash').where('id', '=', memberId).executeTakeFirst(),
  ]);
  const payPass: 0 | 1 = member?.pay_password_hash ? 1 : 0;
  return rows.map((r) => ({
    id: r.id,
    bank: r.bank,
    bank_owner: r.bank_owner,
    bank_no: maskCardNo(r.bank_no, type),
    bank_address: r.bank_address,
    ico: type === CARD_TYPE.bank ? BANK_CARD_ICON : '',
    pay_pass: payPass,
  }));
}

/**
 * POST /api/bindcard, after the shared rules passed: a bank card's bank must be one the bank list
 * offers (a bank switched off in 支付设置 is refused), then the pay password, the per-type limit and
 * the duplicate check. The member row is locked so two concurrent binds cannot pass the limit.
 */
export async function bindCard(db: Kdb, memberId: number, input: BindCardInput): Promise<void> {
  const isUsdt = input.bank === USDT_BANK;
  const type: CardType = isUsdt ? CARD_TYPE.usdt : CARD_TYPE.bank;
  // ERC20 hex is case-insensitive: stored lower-case so the same address cannot be bound twice.
  const bankNo = isUsdt ? (input.bank_owner === 'ERC20' ? input.bank_no.toLowerCase() : input.bank_no) : normalizeCardNumber(input.bank_no);

  if (!isUsdt && !(await isBankOffered(db, input.bank))) throw badRequest(BANK_MSG.unavailable);
  await checkPayPassword(db, memberId, input.pay_pass);

  try {
    await db.transaction().execute(async (tx) => {
      await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
      const active = await tx
        .selectFrom('member_cards')
        .select(['type', 'bank_no'])
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null)
        .execute();
      if (active.filter((c) => c.type === type).length >= LIMITS.maxCardsPerType) {
        throw badRequest(fmt(MSG.cardLimit, { max: LIMITS.maxCardsPerType }));
      }
      if (active.some((c) => c.bank_no === bankNo)) throw new AppError(CODE.conflict, MSG.cardDuplicate);
      await tx
        .insertInto('member_cards')
        .values({
          member_id: memberId,
          type,
          bank: isUsdt ? USDT_BANK : input.bank,
          bank_owner: input.bank_owner,
          bank_no: bankNo,
          bank_address: isUsdt ? '' : input.bank_address,
        })
        .execute();
    });
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new AppError(CODE.conflict, MSG.cardDuplicate);
    throw err;
  }
}

/** POST /api/delcard: soft-deletes one of the member's own active cards; anyone else's is 404. */
export async function deleteCard(db: Kdb, memberId: number, cardId: number): Promise<void> {
  const res = await db
    .updateTable('member_cards')
    .set({ deleted_at: new Date() })
    .where('id', '=', cardId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.cardMissing);
}

/** A card as staff's unbinding records it: the number masked, as everywhere outside members.cards. */
export interface UnboundCardView {
  card_id: number;
  type: CardType;
  bank: string;
  bank_owner: string;
  bank_no: string;
  deleted: boolean;
}

/**
 * Staff unbind a member's card (a lost card, a closed account, a card the member can no longer
 * remove): the same soft delete as the member's own delcard, with `record` (the audit row) in its
 * transaction. A card that is not the member's, or already unbound, is 404.
 */
export async function unbindCardForMember(db: Kdb, memberId: number, cardId: number, record: ReviewRecorder<UnboundCardView>): Promise<UnboundCardView> {
  return db.transaction().execute(async (tx) => {
    const card = await tx
      .selectFrom('member_cards')
      .select(['id', 'type', 'bank', 'bank_owner', 'bank_no'])
      .where('id', '=', cardId)
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!card) throw notFound(MSG.cardMissing);
    await tx.updateTable('member_cards').set({ deleted_at: new Date() }).where('id', '=', cardId).execute();
    const type = card.type as CardType;
    const before: UnboundCardView = { card_id: Number(card.id), type, bank: card.bank, bank_owner: card.bank_owner, bank_no: maskCardNo(card.bank_no, type), deleted: false };
    const after: UnboundCardView = { ...before, deleted: true };
    await record(tx, before, after);
    return after;
  });
}
