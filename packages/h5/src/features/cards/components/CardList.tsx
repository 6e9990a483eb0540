import DotLoading from 'antd-mobile/es/components/dot-loading';
import { AddOutline, BankcardOutline } from 'antd-mobile-icons';
import { CARD_TYPE, LIMITS, MSG, type CardType, type SavedCard } from '@app/contract';
import { showFailure } from '../../../shared/api/client';
import { confirmDialog } from '../../../shared/lib/dialog';
import { toast } from '../../../shared/lib/toast';
import { useCards, useDeleteCard } from '../api';
import { BankCardFace, UsdtCardFace } from './CardFaces';
import { TetherMark } from './icons';

const NOUN: Record<CardType, { add: string; empty: string; unit: string }> = {
  [CARD_TYPE.bank]: { add: '添加银行卡', empty: '您还没有绑定银行卡', unit: '张银行卡' },
  [CARD_TYPE.usdt]: { add: '添加USDT地址', empty: '您还没有绑定USDT地址', unit: '个USDT地址' },
};

/** The cards of one type with unbind (温馨提示 confirm) and the add tile, hidden at the limit. */
export function CardList({ type, onAdd }: { type: CardType; onAdd: () => void }) {
  const { data: cards, isLoading } = useCards(type);
  const remove = useDeleteCard();
  const noun = NOUN[type];

  const unbind = async (card: SavedCard) => {
    const yes = await confirmDialog({ title: MSG.cardUnbindTitle, content: MSG.cardUnbindConfirm, confirmText: '确定', cancelText: '取消' });
    if (!yes) return;
    try {
      await remove.mutateAsync(card.id);
      void toast({ icon: 'success', content: MSG.cardUnbound });
    } catch (e) {
      showFailure(e);
    }
  };

  if (isLoading || !cards)
    return (
      <div className="cards-loading">
        <DotLoading color="primary" />
      </div>
    );

  const full = cards.length >= LIMITS.maxCardsPerType;
  const unbindButton = (card: SavedCard) => (
    <button type="button" className="card-face-action" data-testid={`unbind-${card.id}`} onClick={() => void unbind(card)}>
      解绑
    </button>
  );

  return (
    <div className="card-list" data-testid={`card-list-${type}`}>
      <div className="card-list-count">
        已绑定 <b data-testid="card-count">{cards.length}</b>/{LIMITS.maxCardsPerType} {noun.unit}
      </div>
      {cards.length === 0 && (
        <div className="card-list-empty" data-testid="card-empty">
          <span className="card-list-empty-icon">{type === CARD_TYPE.usdt ? <TetherMark /> : <BankcardOutline />}</span>
          <span>{noun.empty}</span>
        </div>
      )}
      {cards.map((card) =>
        type === CARD_TYPE.bank ? (
          <BankCardFace key={card.id} bank={card.bank} holder={card.bank_owner} number={card.bank_no} branch={card.bank_address} action={unbindButton(card)} testId="saved-card" />
        ) : (
          <UsdtCardFace key={card.id} network={card.bank_owner} address={card.bank_no} action={unbindButton(card)} testId="saved-card" />
        ),
      )}
      {!full && (
        <button type="button" className="card-add-tile" data-testid="card-add" onClick={onAdd}>
          <span className="card-add-plus">
            <AddOutline />
          </span>
          {noun.add}
        </button>
      )}
    </div>
  );
}
