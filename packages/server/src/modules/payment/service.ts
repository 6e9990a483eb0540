import { fenToYuan, PAY_METHODS, type PayMethod, type PayRange, type PayWay, type ReceivingAccount } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';

/** GET /api/get_pay_way: which deposit tabs /recharge shows; USDT is on when either network is. */
export async function payWay(db: Kdb): Promise<PayWay> {
  const rows = await db.selectFrom('pay_methods').select(['code', 'enabled']).execute();
  const on = new Set(rows.filter((r) => r.enabled).map((r) => r.code as PayMethod));
  const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);
  return {
    card: flag(on.has('bank')),
    usdt: flag(on.has('usdt-erc20') || on.has('usdt-trc20')),
    wechat: flag(on.has('wechat')),
    alipay: flag(on.has('alipay')),
    manual: 1,
  };
}

/** POST /api/getPayRange: the deposit limits of one method, in yuan. */
export async function payRange(db: Kdb, method: PayMethod): Promise<PayRange> {
  if (!PAY_METHODS.includes(method)) throw notFound();
  const row = await db.selectFrom('pay_methods').select(['min_fen', 'max_fen']).where('code', '=', method).executeTakeFirst();
  if (!row) throw notFound();
  return { min_price: fenToYuan(row.min_fen), max_price: fenToYuan(row.max_fen) };
}

/** POST /api/getpaybank: the enabled receiving accounts of enabled methods. */
export async function receivingAccounts(db: Kdb): Promise<ReceivingAccount[]> {
  const rows = await db
    .selectFrom('receiving_accounts as a')
    .innerJoin('pay_methods as m', 'm.code', 'a.method')
    .select(['a.id', 'a.method', 'a.bank_name', 'a.bank_no', 'a.bank_owner', 'a.bank_address', 'a.mch_id', 'a.content', 'a.payimg'])
    .where('a.enabled', '=', true)
    .where('m.enabled', '=', true)
    .orderBy('a.sort')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.method,
    bank_no: r.bank_no,
    bank_owner: r.bank_owner,
    bank_address: r.bank_address,
    bank_data: { bank_name: r.bank_name },
    mch_id: r.mch_id,
    content: r.content,
    payimg: r.payimg,
  }));
}
