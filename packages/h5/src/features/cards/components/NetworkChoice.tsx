import { CheckOutline } from 'antd-mobile-icons';
import { USDT_NETWORKS, type UsdtNetwork } from '@app/contract';

const HINTS: Record<UsdtNetwork, string> = {
  TRC20: 'T 开头 · 手续费低',
  ERC20: '0x 开头 · 以太坊',
};

/** 钱包协议: TRC20 (default) or ERC20, as two tiles. */
export function NetworkChoice({ value, onChange }: { value: UsdtNetwork; onChange: (n: UsdtNetwork) => void }) {
  return (
    <div className="network-choice" role="radiogroup" aria-label="钱包协议">
      {USDT_NETWORKS.map((n) => (
        <button key={n} type="button" role="radio" aria-checked={value === n} className={`network-tile${value === n ? ' active' : ''}`} data-testid={`network-${n}`} onClick={() => onChange(n)}>
          <span className="network-tile-name">{n}</span>
          <span className="network-tile-hint">{HINTS[n]}</span>
          {value === n && (
            <span className="network-tile-check">
              <CheckOutline />
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
