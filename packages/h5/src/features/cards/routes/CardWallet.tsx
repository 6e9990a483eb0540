import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CARD_TYPE, cardTypeOfQuery, LIMITS, type CardType } from '@app/contract';
import { BankcardOutline } from 'antd-mobile-icons';
import { Page } from '../../../shared/components/Page';
import { CardList } from '../components/CardList';
import { TetherMark } from '../components/icons';
import '../components/cards.css';

const TABS: { type: CardType; title: string; icon: ReactNode }[] = [
  { type: CARD_TYPE.usdt, title: '虚拟币', icon: <TetherMark /> },
  { type: CARD_TYPE.bank, title: '银行卡', icon: <BankcardOutline /> },
];

/**
 * /wallet (spec §2 card management): tabs 虚拟币 and 银行卡. ?type= is a saved-card type, as getcard's:
 * 1 银行卡, 2 虚拟币; without it the 虚拟币 tab opens. The tab is kept in the query.
 */
export default function CardWallet() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const type = cardTypeOfQuery(params.get('type'));

  return (
    <Page title="卡片管理" className="cards-page">
      <div className="cards-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={type === t.type}
            className={`cards-tab${type === t.type ? ' active' : ''}`}
            data-testid={`wallet-tab-${t.type}`}
            onClick={() => setParams({ type: String(t.type) }, { replace: true })}
          >
            <span className="cards-tab-icon">{t.icon}</span>
            {t.title}
          </button>
        ))}
      </div>
      <CardList key={type} type={type} onAdd={() => navigate(type === CARD_TYPE.bank ? '/addBankCard' : '/addUsdtCard')} />
      <div className="cards-footnote">
        每种类型最多可绑定{LIMITS.maxCardsPerType}个账户，卡号与地址仅显示后4位。如需修改，请先解绑后重新添加。
      </div>
    </Page>
  );
}
