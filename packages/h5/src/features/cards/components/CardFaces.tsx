import type { ReactNode } from 'react';
import type { UsdtNetwork } from '@app/contract';
import { bankGradient, bankMark, maskHolder } from './bankStyle';
import { TetherMark } from './icons';

/**
 * Saved cards drawn as cards: a bank card in its bank's colour with the masked number, a USDT
 * address in Tether green with its network badge. Also used as the live preview of the add forms.
 */
export function BankCardFace({ bank, holder, number, branch, action, testId }: { bank: string; holder: string; number: string; branch?: string; action?: ReactNode; testId?: string }) {
  return (
    <div className="card-face card-face-bank" style={{ background: bank ? bankGradient(bank) : undefined }} data-testid={testId}>
      <span className="card-face-glow" />
      <div className="card-face-head">
        <span className="card-face-logo">{bank ? bankMark(bank) : '银'}</span>
        <div className="card-face-title">
          <div className="card-face-bank-name" data-testid="card-bank">{bank || '请选择银行'}</div>
          <div className="card-face-sub">储蓄卡{branch ? ` · ${branch}` : ''}</div>
        </div>
        {action}
      </div>
      <div className="card-face-number" data-testid="card-number">{number}</div>
      <div className="card-face-foot">
        <span>持卡人</span>
        <b>{holder ? maskHolder(holder) : '—'}</b>
      </div>
    </div>
  );
}

export function UsdtCardFace({ network, address, action, testId }: { network: UsdtNetwork | string; address: string; action?: ReactNode; testId?: string }) {
  return (
    <div className={`card-face card-face-usdt card-face-${network.toLowerCase()}`} data-testid={testId}>
      <span className="card-face-glow" />
      <div className="card-face-head">
        <span className="card-face-logo card-face-logo-usdt">
          <TetherMark />
        </span>
        <div className="card-face-title">
          <div className="card-face-bank-name">
            USDT <span className="network-badge" data-testid="card-network">{network}</span>
          </div>
          <div className="card-face-sub">{network === 'ERC20' ? '以太坊 Ethereum 网络' : '波场 TRON 网络'}</div>
        </div>
        {action}
      </div>
      <div className="card-face-number card-face-address" data-testid="card-number">{address}</div>
      <div className="card-face-foot">
        <span>钱包地址</span>
        <b>泰达币 Tether</b>
      </div>
    </div>
  );
}

/** The masked number of a card being typed: the last 4 digits real, the rest stars. */
export function previewBankNumber(value: string): string {
  const digits = value.replace(/\s+/g, '');
  const last4 = digits.slice(-4).padEnd(4, '*');
  return `**** **** **** ${last4}`;
}
export function previewAddress(value: string, network: UsdtNetwork): string {
  const v = value.trim();
  if (!v) return network === 'ERC20' ? '0x****…****' : 'T****…****';
  if (v.length <= 12) return v;
  return `${v.slice(0, 6)}…${v.slice(-6)}`;
}
