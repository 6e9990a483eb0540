import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useNavigate } from 'react-router';
import { BankcardOutline, RightOutline } from 'antd-mobile-icons';
import { CARD_TYPE, LIMITS, walletPath, type CardType, type SavedCard } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { useCards } from '../api';
import { bankGradient, bankMark } from '../components/bankStyle';
import { TetherMark } from '../components/icons';
import '../components/cards.css';

interface Kind {
  type: CardType;
  title: string;
  desc: string;
  icon: ReactNode;
  addTo: string;
  addText: string;
}
const TIPS = [
  `单笔取款不低于${LIMITS.withdrawMinYuan}元，需完成存款流水要求后方可取款。`,
  'USDT 提现按所选协议收取网络手续费，TRC20 手续费更低、到账更快。',
  '为保障资金安全，请绑定本人名下的银行卡或本人持有的钱包地址。',
  '如需修改提现账户，请在卡片管理中解绑后重新添加。',
];

const KINDS: Kind[] = [
  { type: CARD_TYPE.usdt, title: 'USDT地址', desc: '支持 TRC20 / ERC20 协议，到账快', icon: <TetherMark />, addTo: '/addUsdtCard', addText: '添加地址' },
  { type: CARD_TYPE.bank, title: '银行卡', desc: '支持国内主流银行储蓄卡', icon: <BankcardOutline />, addTo: '/addBankCard', addText: '添加银行卡' },
];

function AccountRow({ card, type }: { card: SavedCard; type: CardType }) {
  const isBank = type === CARD_TYPE.bank;
  return (
    <div className="account-row" data-testid="account-row">
      <span className="account-row-logo" style={isBank ? { background: bankGradient(card.bank) } : undefined}>
        {isBank ? bankMark(card.bank) : <TetherMark />}
      </span>
      <span className="account-row-name">{isBank ? card.bank : `USDT-${card.bank_owner}`}</span>
      <span className="account-row-no">{card.bank_no}</span>
    </div>
  );
}

function KindCard({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const { data: cards = [] } = useCards(kind.type);
  const full = cards.length >= LIMITS.maxCardsPerType;
  return (
    <section className={`account-kind account-kind-${kind.type === CARD_TYPE.bank ? 'bank' : 'usdt'}`} data-testid={`account-kind-${kind.type}`}>
      <div className="account-kind-head">
        <span className="account-kind-icon">{kind.icon}</span>
        <div className="account-kind-text">
          <div className="account-kind-title">
            {kind.title}
            <span className="account-kind-count">
              {cards.length}/{LIMITS.maxCardsPerType}
            </span>
          </div>
          <div className="account-kind-desc">{kind.desc}</div>
        </div>
        {full ? (
          <span className="account-kind-full">已达上限</span>
        ) : (
          <button type="button" className="account-kind-add" data-testid={`account-add-${kind.type}`} onClick={() => navigate(kind.addTo)}>
            {kind.addText}
          </button>
        )}
      </div>
      {cards.length > 0 && (
        <>
          <div className="account-rows">
            {cards.map((c) => (
              <AccountRow key={c.id} card={c} type={kind.type} />
            ))}
          </div>
          <button type="button" className="account-kind-manage" data-testid={`account-manage-${kind.type}`} onClick={() => navigate(walletPath(kind.type))}>
            管理{kind.title}
            <RightOutline />
          </button>
        </>
      )}
    </section>
  );
}

/**
 * /withdrawAccount (spec §2): the withdrawal-account hub. Both kinds side by side with what is bound
 * already; adding goes to /addUsdtCard or /addBankCard, managing (unbinding) to /wallet?type=.
 */
export default function WithdrawAccount() {
  const navigate = useNavigate();
  const bank = useCards(CARD_TYPE.bank);
  const usdt = useCards(CARD_TYPE.usdt);
  const bound = (bank.data?.length ?? 0) + (usdt.data?.length ?? 0) > 0;
  return (
    <Page title="提现账户" className="cards-page">
      <div className="account-intro">
        <div className="account-intro-title">选择提现方式</div>
        <div className="account-intro-text">绑定后即可在取款页面选择，资金将提现到您绑定的账户</div>
      </div>
      {KINDS.map((k) => (
        <KindCard key={k.type} kind={k} />
      ))}
      <section className="account-tips">
        <div className="account-tips-title">提现说明</div>
        <ol>
          {TIPS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ol>
      </section>
      {bound && (
        <div className="cards-actions">
          <Button block color="primary" shape="rounded" className="cards-primary" data-testid="to-withdrawal" onClick={() => navigate('/withdrawal')}>
            去取款
          </Button>
        </div>
      )}
    </Page>
  );
}
