import { useState } from 'react';
import { AddCircleOutline, BankcardOutline, RightOutline } from 'antd-mobile-icons';
import { LIMITS, WITHDRAW_TAB, type SavedCard, type WithdrawTab } from '@app/contract';
import { FieldMessage, useFieldError } from '../../../shared/components/FieldErrors';
import { SheetPicker } from './SheetPicker';

const cardTitle = (card: SavedCard, tab: WithdrawTab) => (tab === WITHDRAW_TAB.usdt ? `USDT-${card.bank_owner}` : card.bank);

function CardIcon({ tab }: { tab: WithdrawTab }) {
  return tab === WITHDRAW_TAB.usdt ? <span className="card-icon card-icon-usdt">₮</span> : <span className="card-icon card-icon-bank"><BankcardOutline /></span>;
}

/**
 * The withdrawal's destination (spec §2): the chosen card or address through a bottom picker, or a
 * link to add one when there is none.
 */
export function CardField({ tab, cards, value, onPick, onAdd }: { tab: WithdrawTab; cards: SavedCard[] | undefined; value: number | ''; onPick: (card: SavedCard) => void; onAdd: () => void }) {
  const [open, setOpen] = useState(false);
  const error = useFieldError('bank', value);
  const invalid = error.message ? ' invalid' : '';
  const noun = tab === WITHDRAW_TAB.usdt ? 'USDT地址' : '银行卡';
  if (cards && cards.length === 0) {
    return (
      <>
        <button type="button" className={`card-field card-field-add${invalid}`} data-testid="withdraw-add-card" {...error.aria} onClick={onAdd}>
          <AddCircleOutline className="card-field-add-icon" />
          <span>添加{noun}</span>
          <RightOutline className="card-field-arrow" />
        </button>
        <FieldMessage error={error} />
      </>
    );
  }
  const chosen = cards?.find((c) => c.id === value);
  return (
    <>
      <button type="button" className={`card-field${invalid}`} data-testid="withdraw-card" {...error.aria} onClick={() => setOpen(true)}>
        <CardIcon tab={tab} />
        {chosen ? (
          <span className="card-field-text">
            <span className="card-field-title" data-testid="withdraw-card-title">{cardTitle(chosen, tab)}</span>
            <span className="card-field-no">{chosen.bank_no}</span>
          </span>
        ) : (
          <span className="card-field-text card-field-placeholder">请选择{noun}</span>
        )}
        <RightOutline className="card-field-arrow" />
      </button>
      <FieldMessage error={error} />
      <SheetPicker
        visible={open}
        title={`选择${noun}`}
        value={String(value)}
        onClose={() => setOpen(false)}
        onPick={(key) => {
          const card = cards?.find((c) => String(c.id) === key);
          if (card) onPick(card);
        }}
        testId="card-sheet"
        options={(cards ?? []).map((c) => ({ key: String(c.id), title: cardTitle(c, tab), subtitle: c.bank_no, icon: <CardIcon tab={tab} /> }))}
        footer={
          (cards?.length ?? 0) < LIMITS.maxCardsPerType ? (
            <button type="button" className="sheet-picker-footer" data-testid="card-sheet-add" onClick={onAdd}>
              <AddCircleOutline /> 添加{noun}
            </button>
          ) : null
        }
      />
    </>
  );
}
