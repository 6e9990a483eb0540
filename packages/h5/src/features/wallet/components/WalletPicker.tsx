import { useState } from 'react';
import { DownFill } from 'antd-mobile-icons';
import { formatYuan, PLATFORM_WALLET, type VenueBalance } from '@app/contract';
import { VenueBadge } from './icons';
import { SheetPicker } from './SheetPicker';
import { WalletGlyph } from './WalletGlyph';

/** 转出 / 转入 of /transfer: the chosen wallet with its balance; a bottom sheet lists every wallet. */
export function WalletPicker({ label, value, wallets, onChange, testId }: { label: string; value: string; wallets: VenueBalance[]; onChange: (platname: string) => void; testId: string }) {
  const [open, setOpen] = useState(false);
  const chosen = wallets.find((w) => w.platname === value);
  const icon = (w: VenueBalance, size = 30) => (w.platname === PLATFORM_WALLET.platname ? <WalletGlyph size={size} /> : <VenueBadge venue={w} size={size} />);
  return (
    <>
      <button type="button" className="wallet-picker" data-testid={testId} onClick={() => setOpen(true)}>
        <span className="wallet-picker-label">{label}</span>
        <span className="wallet-picker-value">
          {chosen ? icon(chosen, 22) : null}
          <span className="wallet-picker-name" data-testid={`${testId}-name`}>
            {chosen?.name ?? '请选择'}
          </span>
          <DownFill className="wallet-picker-arrow" />
        </span>
        <span className="wallet-picker-balance">{chosen ? `¥ ${formatYuan(chosen.balance)}` : ' '}</span>
      </button>
      <SheetPicker
        visible={open}
        title={`选择${label}钱包`}
        value={value}
        onPick={onChange}
        onClose={() => setOpen(false)}
        testId={`${testId}-sheet`}
        options={wallets.map((w) => ({ key: w.platname, title: w.name, icon: icon(w), extra: `¥ ${formatYuan(w.balance)}` }))}
      />
    </>
  );
}
