import { useNavigate } from 'react-router';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { MessageOutline, RedoOutline } from 'antd-mobile-icons';
import { formatYuan, type PayWay } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { useUser } from '../../../shared/auth/session';
import { useGo } from '../../../shared/hooks/useGo';
import { useSearchParam } from '../../../shared/hooks/useSearchParam';
import { PlayBlockNotice } from '../../../shared/protection/PlayBlockNotice';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
import { usePayWay } from '../api';
import { BankDeposit } from '../components/BankDeposit';
import { MethodTiles } from '../components/MethodTiles';
import { QrDeposit } from '../components/QrDeposit';
import { UsdtDeposit } from '../components/UsdtDeposit';
import { DEPOSIT_RECORDS } from '../components/records';
import type { DepositTab } from '../texts';
import '../components/deposit.css';

/** Tabs in the spec's order, each shown only when get_pay_way enables it (card, usdt, wechat, alipay). */
function enabledTabs(way: PayWay | undefined): DepositTab[] {
  if (!way) return [];
  const tabs: DepositTab[] = [];
  if (way.card === 1) tabs.push('bank');
  if (way.usdt === 1) tabs.push('usdt');
  if (way.wechat === 1) tabs.push('wechat');
  if (way.alipay === 1) tabs.push('alipay');
  return tabs;
}

const TIPS = [
  '请务必按页面显示的金额和账户转账，转账后保留凭证以便核对。',
  '银行卡转账提交后由财务审核，通常 1–10 分钟内到账。',
  '微信、支付宝、USDT 订单需在 60 分钟内完成支付，超时请重新发起。',
  '存款需完成 1 倍流水方可取款。',
];

/** /recharge 存款 (spec §2, §4, §5): pay-method tabs, each with its form, and 立即存款; during a time-out or self-exclusion the block's notice instead. */
export default function Recharge() {
  const go = useGo();
  const navigate = useNavigate();
  const { data: way, isLoading } = usePayWay();
  const { block, known } = usePlayBlock();
  const { data: user, refetch, isFetching } = useUser();
  const tabs = enabledTabs(way);
  // The chosen tab lives in the address (?way=), so coming back from /usdtmore or a record keeps it.
  const [tab, setTab] = useSearchParam('way');
  // The chosen tab, or the first enabled one (also when the chosen one has just been switched off).
  const active = tabs.find((t) => t === tab) ?? tabs[0] ?? null;

  return (
    <Page
      title="存款"
      className="dep-page"
      right={
        <button type="button" className="nav-text-btn" data-testid="to-records" onClick={() => navigate(...DEPOSIT_RECORDS)}>
          存款记录
        </button>
      }
    >
      <div className="dep-hero">
        <div>
          <div className="dep-hero-label">中心钱包（元）</div>
          <div className="dep-hero-balance" data-testid="deposit-balance">
            {user ? formatYuan(user.balance) : '0.00'}
          </div>
        </div>
        <button type="button" className={`dep-hero-refresh${isFetching ? ' spinning' : ''}`} aria-label="刷新余额" onClick={() => void refetch()}>
          <RedoOutline />
        </button>
      </div>

      {block ? (
        // During a time-out or self-exclusion no deposit form invites money in: the block's notice instead.
        <div className="dep-block">
          <PlayBlockNotice block={block} />
        </div>
      ) : (
        <>
          <div className="dep-section-title">选择存款方式</div>
          {isLoading || !known ? (
            <div className="dep-loading">
              <DotLoading color="primary" />
            </div>
          ) : tabs.length === 0 || !active ? (
            <div className="dep-card dep-muted dep-none" data-testid="no-pay-way">
              暂无可用的存款方式，请联系在线客服
            </div>
          ) : (
            <>
              <MethodTiles tabs={tabs} value={active} onChange={setTab} />
              <div className="dep-form" data-testid={`deposit-form-${active}`}>
                {active === 'bank' && <BankDeposit />}
                {active === 'usdt' && <UsdtDeposit />}
                {active === 'wechat' && <QrDeposit key="wechat" method="wechat" />}
                {active === 'alipay' && <QrDeposit key="alipay" method="alipay" />}
              </div>
            </>
          )}
        </>
      )}

      <div className="dep-service">
        <span>存款遇到问题？</span>
        <button type="button" data-testid="deposit-kefu" onClick={() => go('/kefu')}>
          <MessageOutline /> 联系在线客服
        </button>
      </div>
      <section className="dep-tips">
        <div className="dep-tips-title">温馨提示</div>
        <ol>
          {TIPS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      </section>
    </Page>
  );
}
