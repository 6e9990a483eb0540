import { formatYuan, type RedPacketDrawResult } from '@app/contract';

/**
 * The opened envelope after a draw: the amount won over gold rays (a CSS animation: the envelope
 * pops, its flap opens, the letter with the amount rises). 收下 closes it.
 */
export function DrawResult({ result, flowMultiple, onClose }: { result: RedPacketDrawResult; flowMultiple: number; onClose: () => void }) {
  return (
    <div className="hb-result-mask" data-testid="hongbao-result" role="dialog" aria-modal>
      <div className="hb-result-rays" aria-hidden />
      <div className="hb-result">
        <div className="hb-result-back" aria-hidden />
        <div className="hb-result-letter">
          <div className="hb-result-greeting">恭喜发财</div>
          <div className="hb-result-amount">
            <small>¥</small>
            <span data-testid="hongbao-result-amount">{formatYuan(result.redpacketmoney)}</span>
          </div>
          <div className="hb-result-note">已存入中心钱包{flowMultiple > 0 ? ` · ${flowMultiple}倍流水可提现` : ''}</div>
        </div>
        <div className="hb-result-front">
          <div className="hb-result-left" data-testid="hongbao-result-left">
            {result.sendnums > 0 ? `今日还可抢 ${result.sendnums} 次` : '今日机会已用完'}
          </div>
          <button type="button" className="hb-result-close" data-testid="hongbao-result-close" onClick={onClose}>
            开心收下
          </button>
        </div>
        <div className="hb-result-flap" aria-hidden />
      </div>
    </div>
  );
}
