import { CARD_TYPE, type BankListItem, type BindCardInput, type CardType, type SavedCard } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/client';

/** A member's saved bank cards (type 1) and USDT addresses (type 2), spec §7 getcard/bindcard/delcard. */

export const cardsKey = (type: CardType) => ['cards', type] as const;
/** Every saved-card list: invalidated after a bind or an unbind, so /withdrawal sees the change. */
export const allCardsKey = ['cards'] as const;

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

export const bankListKey = ['banklist'] as const;

/** The banks a member may pick (staff keep the list in 支付设置): asked again after a minute, or when a binding is refused for its bank. */
export function useBankList() {
  return useQuery({ queryKey: bankListKey, queryFn: fetchBankList, staleTime: 60_000 });
}

/** POST /api/bindcard: a USDT address when bank is USDT, otherwise a bank card. Answers 绑定成功. */
export function bindCard(input: BindCardInput): Promise<unknown> {
  return request('bindcard', { body: input, overlay: true });
}

/** POST /api/delcard {id}: answers 解绑成功. */
export function deleteCard(id: number): Promise<unknown> {
  return request('delcard', { body: { id }, overlay: true });
}

/** Bind or unbind, then refresh every card list. */
export function useBindCard() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: bindCard, onSuccess: () => qc.invalidateQueries({ queryKey: allCardsKey }) });
}
export function useDeleteCard() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCard, onSuccess: () => qc.invalidateQueries({ queryKey: allCardsKey }) });
}
