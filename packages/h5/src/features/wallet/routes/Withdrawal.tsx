import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Tabs from 'antd-mobile/es/components/tabs';
import { EyeInvisibleOutline, EyeOutline, MessageOutline, RightOutline } from 'antd-mobile-icons';
import {
  formatYuan,
  MSG,
  LIMITS,
  TIMING,
  TRANS_TYPE,
  WITHDRAW_TAB,
  withdrawRules,
  type SavedCard,
  type UsdtNetwork,
  type WithdrawTab,
} from '@app/contract';
import { FieldErrorsScope, FieldMessage, refusalFields, useFieldError, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { useGo } from '../../../shared/hooks/useGo';
import { needsPayPassword, usePayPasswordGate } from '../../../shared/auth/payPassword';
import { toast } from '../../../shared/lib/toast';
import { useBankCards, useUsdtAddresses } from '../../cards/api';
import { betAmountKey, useVenueBalances, venuesOnly, withdraw } from '../api';
import { failureMessage } from '../../../shared/api/client';
import { useBetAmount, useWalletActions, useWalletFigures } from '../hooks';
import { AmountInput } from '../components/AmountInput';
import { CardField } from '../components/CardField';
import { TurnoverBreakdown } from '../components/TurnoverBreakdown';
import { UsdtLines } from '../components/UsdtLines';
import { VenueList } from '../components/VenueList';
import { WalletPanel } from '../components/WalletPanel';
import '../wallet.css';

/** ?type=2 opens the bank-card tab, anything else the USDT tab. */
const tabOf = (query: string | null): WithdrawTab => (query === String(WITHDRAW_TAB.bank) ? WITHDRAW_TAB.bank : WITHDRAW_TAB.usdt);

/** Spec §9: the venue list shows 3 by default. */
const VENUES_SHOWN = 3;

/** The server's refusals that are about one field, shown under it (its rules' messages, and these). */
const REFUSED_FIELD = refusalFields(withdrawRules, {}, { [MSG.payPasswordWrong]: 'password', [MSG.insufficientBalance]: 'amount', [MSG.withdrawFeeTooHigh]: 'amount' });

/** 支付密码 with a show/hide toggle; its error under it. */
function PasswordInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [visible, setVisible] = useState(false);
  const error = useFieldError('password', value);
  return (
    <>
      <div className={`password-input${error.message ? ' invalid' : ''}`}>
        <Input
          ref={error.inputRef}
          name="password"
          data-testid="field-password"
          type={visible ? 'text' : 'password'}
          placeholder="请输入支付密码"
          value={value}
          onChange={onChange}
          maxLength={LIMITS.payPasswordMax}
          autoComplete="new-password"
          clearable
        />
        <button type="button" className="password-input-eye" aria-label={visible ? '隐藏密码' : '显示密码'} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      </div>
      <FieldMessage error={error} />
    </>
  );
}

/**
 * /withdrawal 取款 (spec §2, §4, §5): tabs USDT取款 (1) and 银行卡取款 (2); wallets with refresh and
 * recycle; the venue balances (polled every 3.5 s); destination picker; 打码量; amount with 最大金额;
 * payment password; the USDT lines; submit → 提交成功，等待后台审核, form reset, /transRecord 1.5 s later.
 */
export default function Withdrawal() {
  const navigate = useNavigate();
  const go = useGo();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const typeQuery = params.get('type');
  const [tab, setTab] = useState<WithdrawTab>(tabOf(typeQuery));
  const [shownQuery, setShownQuery] = useState(typeQuery);
  const [bank, setBank] = useState<number | ''>('');
  const [network, setNetwork] = useState<UsdtNetwork | ''>('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors();
  // DESIGN §4: a refusal for want of a payment password of its own → set it, then back here. Not on
  // entry: without one there is no card yet either, and adding one leads there first.
  const toSetup = usePayPasswordGate({ onEntry: false });

  const venuesQuery = useVenueBalances(TIMING.venuePollMs);
  const { user, central } = useWalletFigures();
  const { reload } = useWalletActions();
  const betAmount = useBetAmount();
  const usdtCards = useUsdtAddresses();
  const bankCards = useBankCards();
  const cards = tab === WITHDRAW_TAB.usdt ? usdtCards.data : bankCards.data;

  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const resetForm = () => {
    setBank('');
    setNetwork('');
    setAmount('');
    setPassword('');
    errors.clear();
  };
  // Spec §4: a tab switch clears the chosen card, amount, password and fee network.
  const switchTab = (key: string) => {
    setTab(Number(key) === WITHDRAW_TAB.bank ? WITHDRAW_TAB.bank : WITHDRAW_TAB.usdt);
    resetForm();
  };
  // Spec §4: picking a card sets the bank id and clears password and amount.
  const pickCard = (card: SavedCard) => {
    setBank(card.id);
    setNetwork(tab === WITHDRAW_TAB.usdt ? (card.bank_owner as UsdtNetwork) : '');
    setAmount('');
    setPassword('');
  };
  // The same screen opened again with another ?type (a navigation may keep this instance).
  if (typeQuery !== shownQuery) {
    setShownQuery(typeQuery);
    setTab(tabOf(typeQuery));
    resetForm();
  }
  const addCard = () => go(tab === WITHDRAW_TAB.usdt ? '/addUsdtCard' : '/addBankCard');

  const submit = async () => {
    if (!errors.check({ type: tab, bank, amount, password }, withdrawRules)) return;
    if (busy) return;
    setBusy(true);
    try {
      const { message } = await withdraw({ amount, bank: Number(bank), password, type: tab });
      void toast({ icon: 'success', content: message });
      resetForm();
      void reload().catch(() => undefined);
      void qc.invalidateQueries({ queryKey: betAmountKey });
      redirect.current = setTimeout(() => navigate('/transRecord', { state: { type: TRANS_TYPE.withdrawal } }), TIMING.withdrawRedirectMs);
    } catch (e) {
      if (needsPayPassword(e)) toSetup();
      else errors.refuse(failureMessage(e), REFUSED_FIELD);
    } finally {
      setBusy(false);
    }
  };

  const remaining = betAmount.data?.bet_amount ?? 0;

  return (
    <Page
      title="取款"
      className="wallet-page"
      right={
        <button type="button" className="page-link" data-testid="withdraw-records" onClick={() => navigate('/transRecord', { state: { type: TRANS_TYPE.withdrawal } })}>
          取款记录
        </button>
      }
    >
      <Tabs activeKey={String(tab)} onChange={switchTab} className="withdraw-tabs" data-testid="withdraw-tabs">
        <Tabs.Tab key={String(WITHDRAW_TAB.usdt)} title="USDT取款" />
        <Tabs.Tab key={String(WITHDRAW_TAB.bank)} title="银行卡取款" />
      </Tabs>

      <WalletPanel />

      <section className="wallet-card">
        <div className="wallet-card-title">
          场馆余额
          <span className="wallet-card-note">取款前请先回收场馆余额</span>
        </div>
        <VenueList venues={venuesQuery.data ? venuesOnly(venuesQuery.data) : undefined} initial={VENUES_SHOWN} columns={3} />
      </section>

      <FieldErrorsScope errors={errors}>
        <section className="wallet-card withdraw-form">
          <div className="wallet-card-title">{tab === WITHDRAW_TAB.usdt ? '到账地址' : '到账银行卡'}</div>
          <CardField tab={tab} cards={cards} value={bank} onPick={pickCard} onAdd={addCard} />

          <div className="withdraw-row">
            <span className="withdraw-row-label">打码量</span>
            <span className={`withdraw-turnover${remaining > 0 ? ' pending' : ''}`} data-testid="withdraw-bet-amount">
              {betAmount.data ? formatYuan(remaining) : '--'}
            </span>
            <span className="withdraw-row-note">{remaining > 0 ? '完成后方可取款' : '已完成'}</span>
          </div>
          {remaining > 0 && <TurnoverBreakdown />}

          <div className="withdraw-field-label">
            取款金额
            <span>中心钱包可用 ¥ {formatYuan(central)}</span>
          </div>
          <AmountInput value={amount} onChange={setAmount} placeholder={`单笔最低 ${LIMITS.withdrawMinYuan} 元`} action="最大金额" actionTestId="withdraw-max" onAction={() => setAmount(central > 0 ? central.toFixed(2) : '')} />

          <div className="withdraw-field-label">支付密码</div>
          <PasswordInput value={password} onChange={setPassword} />

          {tab === WITHDRAW_TAB.usdt && <UsdtLines amount={amount} network={network} user={user} />}

          <Button block color="primary" shape="rounded" className="wallet-primary-btn" data-testid="withdraw-submit" loading={busy} onClick={() => void submit()}>
            立即取款
          </Button>
        </section>
      </FieldErrorsScope>

      <button type="button" className="wallet-support" data-testid="withdraw-kefu" onClick={() => go('/kefu')}>
        <MessageOutline /> 取款遇到问题？联系<b>在线客服</b>
        <RightOutline />
      </button>
    </Page>
  );
}
