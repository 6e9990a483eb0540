import type { AdminWithdrawal } from '@app/contract';
import { ReviewQueue } from '../../shared/components/ReviewQueue';
import { usdt, yuan } from '../../shared/format';

/** 取款审核: approve = paid out, reject = refunded to the member's central wallet. */
export default function WithdrawalsPage() {
  return (
    <ReviewQueue<AdminWithdrawal>
      resource="withdrawals"
      title="取款审核"
      permission="withdrawals.review"
      orderNo={(w) => w.withdraw_no}
      confirm={{ title: '确认已出款？', ok: '已出款', description: (w) => `向 ${w.bank_owner} 支付 ${yuan(w.amount)}` }}
      rejectTitle={(w) => `拒绝取款 ${w.withdraw_no}（款项将退回会员）`}
      columns={[
        { title: '会员', dataIndex: 'username' },
        { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
        {
          title: '收款账户',
          render: (_, w) => (
            <div className="cell-lines" data-testid={`payee-${w.id}`}>
              {w.pay_way} · {w.card_type === 2 ? w.bank_owner : `${w.bank} · ${w.bank_owner}`}
              <div>{w.bank_no}</div>
              {w.bank_address && <div className="muted">{w.bank_address}</div>}
            </div>
          ),
        },
        {
          title: 'USDT',
          render: (_, w) =>
            w.card_type === 2 ? (
              <div className="cell-lines">
                折合 {usdt(w.usdt_amount)}
                <div className="muted">
                  汇率 {w.usdt_rate} · 手续费 {usdt(w.usdt_fee)}
                </div>
                <div>到账 {usdt(w.usdt_arrival)}</div>
              </div>
            ) : (
              <span className="muted">—</span>
            ),
        },
      ]}
    />
  );
}
