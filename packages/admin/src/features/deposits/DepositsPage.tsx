import type { AdminDeposit } from '@app/contract';
import { ReviewQueue } from '../../shared/components/ReviewQueue';
import { usdt, yuan } from '../../shared/format';

/** 存款审核: the queue by state, approve with a confirm, reject with a reason. */
export default function DepositsPage() {
  return (
    <ReviewQueue<AdminDeposit>
      resource="deposits"
      title="存款审核"
      permission="deposits.review"
      orderNo={(d) => d.deposit_no}
      confirm={{ title: '确认通过该存款？', ok: '通过', description: (d) => `${d.username} 将入账 ${yuan(d.amount)}` }}
      rejectTitle={(d) => `拒绝存款 ${d.deposit_no}`}
      columns={[
        {
          title: '会员 / 方式',
          render: (_, d) => (
            <div className="cell-lines">
              {d.username}
              <div className="muted">{d.method_label}</div>
            </div>
          ),
        },
        { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
        {
          title: '付款信息',
          render: (_, d) =>
            d.method.startsWith('usdt') ? (
              <div className="cell-lines">
                {usdt(d.usdt_amount)}
                <div className="muted">汇率 {d.usdt_rate}</div>
              </div>
            ) : d.payer_name ? (
              <div className="cell-lines">
                {d.payer_name} · {d.payer_bank}
                <div className="muted">
                  {d.payer_bank_no} {d.payer_bank_address}
                </div>
              </div>
            ) : (
              <span className="muted">—</span>
            ),
        },
      ]}
    />
  );
}
