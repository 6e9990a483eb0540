import { formatRate, usdtFee, usdtWithdrawalLines, yuanToFen, type UsdtNetwork, type UserInfo } from '@app/contract';

const usdt = (n: number) => n.toFixed(2);

/**
 * The USDT withdrawal's three lines (spec §2, §9): the network's fee per transaction, the equivalent
 * at the reference rate (rounded down) and the actual arrival (equivalent − fee, never below 0).
 * Without a chosen address the default protocol, TRC20, prices the fee.
 */
export function UsdtLines({ amount, network, user }: { amount: string; network: UsdtNetwork | ''; user: UserInfo | undefined }) {
  const net: UsdtNetwork = network || 'TRC20';
  const rate = user?.withdrawusdtrate ?? 0;
  const fee = user ? usdtFee(net, user) : 0;
  const lines = usdtWithdrawalLines(yuanToFen(amount) === null ? 0 : Number(amount), rate, fee);
  return (
    <div className="usdt-lines" data-testid="usdt-lines">
      <div className="usdt-line">
        <span>手续费</span>
        <b data-testid="usdt-fee">
          {usdt(lines.fee)} USDT/笔<em>{net}</em>
        </b>
      </div>
      <div className="usdt-line">
        <span>折合USDT</span>
        <b data-testid="usdt-equivalent">{usdt(lines.equivalent)} USDT</b>
      </div>
      <div className="usdt-line usdt-line-weak">
        <span>参考汇率</span>
        <b data-testid="usdt-rate">1 USDT ≈ {formatRate(rate)} 元</b>
      </div>
      <div className="usdt-line usdt-line-strong">
        <span>实际到账</span>
        <b data-testid="usdt-arrival">{usdt(lines.arrival)} USDT</b>
      </div>
    </div>
  );
}
