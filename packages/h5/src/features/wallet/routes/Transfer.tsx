import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Switch from 'antd-mobile/es/components/switch';
import { MSG, PLATFORM_WALLET, TIMING, TRANS_TYPE, type VenueBalance } from '@app/contract';
import { FieldErrorsScope, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { toast } from '../../../shared/lib/toast';
import { useVenueBalances, venuesOnly } from '../api';
import { useAutoTransfer, useTransfer, useWalletFigures } from '../hooks';
import { AmountInput } from '../components/AmountInput';
import { SwapIcon } from '../components/icons';
import { TransferSheet } from '../components/TransferSheet';
import { VenueList } from '../components/VenueList';
import { WalletPanel } from '../components/WalletPanel';
import { WalletPicker } from '../components/WalletPicker';
import '../wallet.css';

const PLATFORM = PLATFORM_WALLET.platname;
/** Spec §9: the venue list shows 4 here (3 elsewhere). */
const VENUES_SHOWN = 4;

/**
 * /transfer (spec §2, §4, §5): auto-transfer switch, 转出/转入 pickers, amount with 全部转入,
 * 确认转账, and the venue balances polled every 1.5 s, each with a one-click retrieval; tapping a
 * venue opens a transfer dialog preset to it unless auto-transfer is on.
 */
export default function Transfer() {
  const navigate = useNavigate();
  const venuesQuery = useVenueBalances(TIMING.venuePollTransferMs);
  const { central } = useWalletFigures();
  const auto = useAutoTransfer();
  const errors = useFieldErrors();
  const { busy, run } = useTransfer(errors);
  const venues = venuesQuery.data ? venuesOnly(venuesQuery.data) : undefined;
  const wallets: VenueBalance[] = [{ ...PLATFORM_WALLET, balance: central }, ...(venues ?? [])];

  const [source, setSource] = useState<string>(PLATFORM);
  const [target, setTarget] = useState('');
  const [amount, setAmount] = useState('');
  const [sheetCode, setSheetCode] = useState<string | null>(null);
  useEffect(() => {
    if (!target && venues?.[0]) setTarget(venues[0].platname);
  }, [target, venues]);

  const balanceOf = (platname: string) => wallets.find((w) => w.platname === platname)?.balance ?? 0;
  const sourceBalance = balanceOf(source);

  const swap = () => {
    setSource(target);
    setTarget(source);
  };
  const submit = async () => {
    if (await run({ amount, sourcetype: source, targettype: target })) setAmount('');
  };
  const retrieve = (v: VenueBalance) => {
    if (v.balance <= 0) {
      void toast(MSG.recycleNothing);
      return;
    }
    void run({ amount: v.balance.toFixed(2), sourcetype: v.platname, targettype: PLATFORM });
  };
  // Auto-transfer moves money on game launch: a venue tile then opens nothing (spec §4).
  const pick = auto.on ? undefined : (v: VenueBalance) => setSheetCode(v.platname);

  return (
    <Page
      title="额度转换"
      className="wallet-page"
      right={
        <button type="button" className="page-link" data-testid="transfer-records" onClick={() => navigate('/transRecord', { state: { type: TRANS_TYPE.transferIn } })}>
          转账记录
        </button>
      }
    >
      <WalletPanel />

      <section className="wallet-card auto-transfer">
        <span className="auto-transfer-icon">
          <SwapIcon />
        </span>
        <div className="auto-transfer-text">
          <div className="auto-transfer-title">自动免转</div>
          <div className="auto-transfer-hint">{auto.on ? '已开启：进入游戏时余额自动转入对应场馆' : '开启后进入游戏时余额自动转入，无需手动转账'}</div>
        </div>
        <Switch checked={auto.on} disabled={!auto.loaded} onChange={auto.set} data-testid="auto-transfer-switch" style={{ '--height': '28px', '--width': '48px' }} />
      </section>

      <FieldErrorsScope errors={errors}>
        <section className="wallet-card transfer-form">
          <div className="wallet-card-title">手动转账</div>
          <div className="transfer-ends">
            <WalletPicker label="转出" value={source} wallets={wallets} onChange={setSource} testId="transfer-source" />
            <button type="button" className="transfer-swap" aria-label="交换转出转入" data-testid="transfer-swap" onClick={swap}>
              <SwapIcon />
            </button>
            <WalletPicker label="转入" value={target} wallets={wallets} onChange={setTarget} testId="transfer-target" />
          </div>
          <AmountInput value={amount} onChange={setAmount} placeholder="请输入转账金额" action="全部转入" actionTestId="transfer-all" onAction={() => setAmount(sourceBalance > 0 ? sourceBalance.toFixed(2) : '')} />
          <Button block color="primary" shape="rounded" className="wallet-primary-btn" data-testid="transfer-submit" loading={busy} onClick={() => void submit()}>
            确认转账
          </Button>
        </section>
      </FieldErrorsScope>

      <section className="wallet-card">
        <div className="wallet-card-title">
          场馆余额
          <span className="wallet-card-note">{auto.on ? '自动免转已开启' : '点击场馆快速转账'}</span>
        </div>
        <VenueList venues={venues} initial={VENUES_SHOWN} onPick={pick} onRetrieve={retrieve} />
      </section>

      <TransferSheet venue={wallets.find((w) => w.platname === sheetCode && w.platname !== PLATFORM) ?? null} central={central} onClose={() => setSheetCode(null)} />
    </Page>
  );
}
