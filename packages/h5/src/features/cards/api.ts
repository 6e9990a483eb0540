import { CARD_TYPE, type BankListItem, type CardType, type SavedCard } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/client';

/** A member's saved bank cards (type 1) and USDT addresses (type 2), spec §7 getcard/bindcard/delcard. */

export const cardsKey = (type: CardType) => ['cards', type] as const;

export function fetchCards(type: CardType): Promise<SavedCard[]> {
  return request<SavedCard[]>('getcard', { body: { type } });
}

/** The saved cards of one type; shared by /wallet, /withdrawal and the add-card screens. */
export function useCards(type: CardType) {
  return useQuery({ queryKey: cardsKey(type), queryFn: () => fetchCards(type) });
}

export function useBankCards() {
  return useCards(CARD_TYPE.bank);
}
export function useUsdtAddresses() {
  return useCards(CARD_TYPE.usdt);
}

export function fetchBankList(): Promise<BankListItem[]> {
  return request<BankListItem[]>('banklist', { body: {} });
}
