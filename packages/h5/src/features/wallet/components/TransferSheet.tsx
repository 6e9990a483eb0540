import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { FieldErrorsScope, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Sheet } from '../../../shared/components/Sheet';
import { CloseOutline } from 'antd-mobile-icons';
import { formatYuan, PLATFORM_WALLET, type VenueBalance } from '@app/contract';
import { useTransfer } from '../hooks';
import { AmountInput } from './AmountInput';
import { SwapIcon, VenueBadge } from './icons';
import { WalletGlyph } from './WalletGlyph';

type Direction = 'in' | 'out';

/** The sheet's amount is sheetAmount: the page under it has an amount of its own. */
const SHEET_NAMES = { amount: 'sheetAmount' };

/**
 * The transfer dialog a venue tile opens on /transfer (only while auto-transfer is off): preset to
 * that venue, into it or back to the central wallet.
 */
export function TransferSheet({ venue, central, onClose }: { venue: VenueBalance | null; central: number; onClose: () => void }) {
  const [direction, setDirection] = useState<Direction>('in');
  const [amount, setAmount] = useState('');
  const errors = useFieldErrors();
  const { busy, run } = useTransfer(errors, SHEET_NAMES);
  const code = venue?.platname ?? '';
  useEffect(() => {
    setDirection('in');
    setAmount('');
    errors.clear();
  }, [code]);
  const sourceBalance = direction === 'in' ? central : (venue?.balance ?? 0);

  const submit = async () => {
    if (!venue) return;
    const platform = PLATFORM_WALLET.platname;
    const ok = await run({ amount, sourcetype: direction === 'in' ? platform : venue.platname, targettype: direction === 'in' ? venue.platname : platform });
    if (ok) onClose();
  };

  return (
    <Sheet visible={!!venue} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-picker-body">
      {venue && (
        <FieldErrorsScope errors={errors}>
          <div className="transfer-sheet" data-testid="transfer-sheet">
            <div className="sheet-picker-head">
              <span className="sheet-picker-title transfer-sheet-title">
                <VenueBadge venue={venue} size={26} /> {venue.name}
              </span>
              <button type="button" className="sheet-picker-close" aria-label="关闭" onClick={onClose}>
                <CloseOutline />
              </button>
            </div>
            <div className="transfer-sheet-flow">
              <div className={`transfer-sheet-end${direction === 'in' ? ' from' : ''}`}>
                <WalletGlyph size={30} />
                <span className="transfer-sheet-end-name">{PLATFORM_WALLET.name}</span>
                <b>¥ {formatYuan(central)}</b>
              </div>
              <button type="button" className={`transfer-sheet-swap ${direction}`} aria-label="切换方向" data-testid="transfer-sheet-swap" onClick={() => setDirection((d) => (d === 'in' ? 'out' : 'in'))}>
                <SwapIcon />
              </button>
              <div className={`transfer-sheet-end${direction === 'out' ? ' from' : ''}`}>
                <VenueBadge venue={venue} size={30} />
                <span className="transfer-sheet-end-name">{venue.name}</span>
                <b data-testid="transfer-sheet-venue-balance">¥ {formatYuan(venue.balance)}</b>
              </div>
            </div>
            <div className="transfer-sheet-direction" data-testid="transfer-sheet-direction">
              {direction === 'in' ? `${PLATFORM_WALLET.name} → ${venue.name}` : `${venue.name} → ${PLATFORM_WALLET.name}`}
            </div>
            <AmountInput name="sheetAmount" value={amount} onChange={setAmount} placeholder="请输入转账金额" action="全部" actionTestId="transfer-sheet-all" onAction={() => setAmount(sourceBalance > 0 ? sourceBalance.toFixed(2) : '')} />
            <Button block color="primary" shape="rounded" className="wallet-primary-btn" data-testid="transfer-sheet-submit" loading={busy} onClick={() => void submit()}>
              确认转账
            </Button>
          </div>
        </FieldErrorsScope>
      )}
    </Sheet>
  );
}
