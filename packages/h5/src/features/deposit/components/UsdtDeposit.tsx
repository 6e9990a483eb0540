import { useState } from 'react';
import { CheckOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { formatRate, USDT_NETWORKS, usdtCentsFor, yuanToFen, type UsdtNetwork } from '@app/contract';
import { useUser } from '../../../shared/auth/session';
import { FieldErrorsScope, useFieldErrors } from '../../../shared/components/FieldErrors';
import { useGo } from '../../../shared/hooks/useGo';
import { useSearchParam } from '../../../shared/hooks/useSearchParam';
import { usePayRange } from '../api';
import { NETWORK_TEXTS } from '../texts';
import { AmountCard } from './AmountCard';
import { SubmitBar } from './SubmitBar';
import { useSubmitDeposit } from './useSubmitDeposit';

/** USDT: protocol (TRC20 by default) with a link to /usdtmore, the amount in yuan and its USDT. */
export function UsdtDeposit() {
  // The protocol lives in the address (?network=) beside the tab, so /usdtmore and back keeps it.
  const [asked, setNetwork] = useSearchParam('network');
  const network: UsdtNetwork = USDT_NETWORKS.find((n) => n === asked) ?? 'TRC20';
  const [amount, setAmount] = useState('');
  const range = usePayRange(network === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20');
  const { data: user } = useUser();
  const rate = user?.usdtrate ?? 0;
  const go = useGo();
  const errors = useFieldErrors();
  const { submit, busy } = useSubmitDeposit(errors);
  const usdt = (usdtCentsFor(yuanToFen(amount) ?? 0, rate) / 100).toFixed(2);

  return (
    <FieldErrorsScope errors={errors}>
      <section className="dep-card">
        <div className="dep-card-title">
          选择协议
          <button type="button" className="dep-link" data-testid="usdt-more" onClick={() => go('/usdtmore')}>
            <QuestionCircleOutline /> TRC20 和 ERC20 有什么区别？
          </button>
        </div>
        <div className="protocols" role="radiogroup" aria-label="USDT协议">
          {USDT_NETWORKS.map((n) => (
            <button key={n} type="button" role="radio" aria-checked={network === n} className={`protocol${network === n ? ' active' : ''}`} data-testid={`protocol-${n}`} onClick={() => setNetwork(n)}>
              <span className="protocol-name">USDT-{n}</span>
              <span className="protocol-chain">{NETWORK_TEXTS[n].chain}</span>
              <span className="protocol-hint">{NETWORK_TEXTS[n].hint}</span>
              {network === n && (
                <span className="protocol-check">
                  <CheckOutline />
                </span>
              )}
            </button>
          ))}
        </div>
      </section>
      <AmountCard
        value={amount}
        onChange={setAmount}
        range={range}
        footer={
          <div className="usdt-equiv">
            <span>
              预计支付 <b data-testid="usdt-equivalent">{usdt}</b> USDT
            </span>
            <span className="usdt-rate" data-testid="usdt-rate">
              参考汇率 1 USDT ≈ {rate ? formatRate(rate) : '--'} 元
            </span>
          </div>
        }
      />
      <SubmitBar busy={busy} onSubmit={() => void submit(amount, range, { paytype: 'usdt', catepay: network })} />
    </FieldErrorsScope>
  );
}
