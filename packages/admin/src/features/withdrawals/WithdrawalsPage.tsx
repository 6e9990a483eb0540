import { useState } from 'react';
import { Button, Typography } from 'antd';
import { CARD_TYPE, type AdminWithdrawal } from '@app/contract';
import { ReviewQueue } from '../../shared/components/ReviewQueue';
import { usdt, yuan } from '../../shared/format';
import { ReviewContextDrawer } from './ReviewContextDrawer';
import { UsdtPayoutModal } from './UsdtPayoutModal';

/** Long addresses and USDT lines wrap so the queue fits 1280 px. */
const WRAP = { whiteSpace: 'normal', wordBreak: 'break-all', maxWidth: 210 } as const;

/**
 * 取款审核: approve = paid out (a USDT payout with its TXID), reject = refunded to the member's central
 * wallet; 审核参考 opens what the decision rests on beside the queue.
 */
export default function WithdrawalsPage() {
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);
  const [viewing, setViewing] = useState<AdminWithdrawal | null>(null);
  return (
    <>
      <ReviewQueue<AdminWithdrawal>
        resource="withdrawals"
        title="取款审核"
        permission="withdrawals.review"
        orderNo={(w) => w.withdraw_no}
        confirm={{ title: '确认已出款？', ok: '已出款', description: (w) => `向 ${w.bank_owner} 支付 ${yuan(w.amount)}` }}
        approveInDialog={{ when: (w) => w.card_type === CARD_TYPE.usdt, open: setPaying }}
        rejectTitle={(w) => `拒绝取款 ${w.withdraw_no}（款项将退回会员）`}
        columns={[
          {
            title: '会员',
            render: (_, w) => (
              <div className="cell-lines">
                {w.username}
                <div>
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(w)} data-testid={`context-${w.id}`}>
                    审核参考
                  </Button>
                </div>
              </div>
            ),
          },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          {
            title: '收款账户',
            render: (_, w) => (
              <div className="cell-lines" data-testid={`payee-${w.id}`} style={WRAP}>
                {w.pay_way} · {w.card_type === CARD_TYPE.usdt ? w.bank_owner : `${w.bank} · ${w.bank_owner}`}
                <div>{w.bank_no}</div>
                {w.bank_address && <div className="muted">{w.bank_address}</div>}
              </div>
            ),
          },
          {
            title: 'USDT',
            render: (_, w) =>
              w.card_type === CARD_TYPE.usdt ? (
                <div className="cell-lines" data-testid={`usdt-${w.id}`} style={{ whiteSpace: 'normal', maxWidth: 200 }}>
                  到账 {usdt(w.usdt_arrival)}
                  <div className="muted">
                    折合 {usdt(w.usdt_amount)} · 手续费 {usdt(w.usdt_fee)} · 汇率 {w.usdt_rate}
                  </div>
                  {w.txid && (
                    <Typography.Text type="secondary" copyable={{ text: w.txid }} data-testid={`txid-${w.id}`}>
                      TXID {w.txid.slice(0, 10)}…{w.txid.slice(-6)}
                    </Typography.Text>
                  )}
                </div>
              ) : (
                <span className="muted">—</span>
              ),
          },
        ]}
      />
      <UsdtPayoutModal order={paying} onClose={() => setPaying(null)} />
      <ReviewContextDrawer order={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
