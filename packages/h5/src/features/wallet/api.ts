import {
  CODE,
  fenOfYuan,
  fenToYuan,
  PLATFORM_WALLET,
  type BetAmount,
  type TurnoverSources,
  type Page,
  type TransAllResult,
  type TransferResult,
  type TransRecord,
  type TransType,
  type UserInfo,
  type VenueBalance,
  type WithdrawResult,
  type WithdrawTab,
} from '@app/contract';
import { lazy, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, refusal, request } from '../../shared/api/client';
import { userKey } from '../../shared/auth/session';

/** The wallet calls of spec §7: venue balances, transfers, recycling, withdrawals and records. */

/** A call whose answer and message both matter (the message is what the member is told). */
export interface Answer<T> {
  data: T;
  message: string;
}
async function send<T>(path: string, body: unknown, overlay = true): Promise<Answer<T>> {
  const json = await call<T>(path, { body, overlay });
  if (json.code === CODE.ok) return { data: json.data, message: json.message };
  throw refusal(json);
}

// ---- balances -------------------------------------------------------------------------------

export const venuesKey = ['wallet', 'venues'] as const;

/**
 * Every venue's balance; the first item is the synthetic 平台钱包 (the central wallet), which the
 * server adds only when asked (with_wallet: the spec's clients add it themselves).
 */
export function fetchVenueBalances(): Promise<VenueBalance[]> {
  return request<VenueBalance[]>('balancelist', { body: { with_wallet: 1 } });
}

/** The venues alone, without the platform wallet entry. */
export function venuesOnly(list: readonly VenueBalance[] | undefined): VenueBalance[] {
  return (list ?? []).filter((v) => v.platname !== PLATFORM_WALLET.platname);
}

/**
 * The venue balances, polled every `pollMs` while the screen that asks is mounted (spec §4: 3.5 s on
 * the wallet and withdrawal screens, 1.5 s on transfer); leaving the screen unmounts the query's
 * observer, which stops the timer. Each answer also refreshes the cached user's central balance and
 * game wallet, so every figure on screen agrees with the list.
 */
export function useVenueBalances(pollMs?: number) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: venuesKey,
    queryFn: fetchVenueBalances,
    refetchInterval: pollMs ?? false,
    refetchIntervalInBackground: false,
    staleTime: pollMs ? 0 : 30_000,
  });
  useEffect(() => {
    if (!q.data) return;
    const platform = q.data.find((v) => v.platname === PLATFORM_WALLET.platname);
    const gameFen = venuesOnly(q.data).reduce((sum, v) => sum + fenOfYuan(v.balance), 0);
    qc.setQueryData<UserInfo>(userKey, (u) => (u ? { ...u, balance: platform ? platform.balance : u.balance, gameblance: fenToYuan(gameFen) } : u));
  }, [q.data, qc]);
  return q;
}

/** User info with the central balance and gameblance (the venues' sum) read afresh. */
export function refreshUserMoney(): Promise<UserInfo> {
  return request<UserInfo>('refreshusermoney', { body: {} });
}

// ---- transfers ------------------------------------------------------------------------------

export interface TransferInput {
  amount: string;
  sourcetype: string;
  targettype: string;
}
export function transfer(input: TransferInput): Promise<Answer<TransferResult>> {
  return send<TransferResult>('transfer', input);
}

/** Recycles every venue's balance into the central wallet; the message says how much. */
export function transferAll(): Promise<Answer<TransAllResult>> {
  return send<TransAllResult>('transall', {});
}

export function setTransferStatus(transferstatus: 0 | 1): Promise<Answer<unknown>> {
  return send('uptransferstatus', { transferstatus }, false);
}

// ---- withdrawals ----------------------------------------------------------------------------

export const betAmountKey = ['wallet', 'betAmount'] as const;

/** The turnover requirement still to play (打码量), in yuan. */
export function fetchBetAmount(): Promise<BetAmount> {
  return request<BetAmount>('getBetAmount', { body: {} });
}

/** Under betAmountKey, so whatever refreshes the requirement refreshes its sources too. */
export const turnoverSourcesKey = [...betAmountKey, 'sources'] as const;

/** Where the requirement comes from (a deposit ×1, a bonus ×N…) and what is left of each. */
export function fetchTurnoverSources(): Promise<TurnoverSources> {
  return request<TurnoverSources>('turnoverSources', { body: {} });
}

export interface WithdrawInput {
  amount: string;
  /** the chosen card or address id */
  bank: number;
  password: string;
  type: WithdrawTab;
}
export function withdraw(input: WithdrawInput): Promise<Answer<WithdrawResult>> {
  return send<WithdrawResult>('withdraw', input);
}

// ---- account records ------------------------------------------------------------------------

export interface RecordFilter {
  /** DATE_FILTER_DAYS key: 1 today, 2 last 7 days, 3 last 15, 4 last 30 */
  date: 1 | 2 | 3 | 4;
  type: TransType;
  /** a venue code, '' for every platform */
  api_type: string;
}
export const recordsKey = (f: RecordFilter) => ['wallet', 'records', f.type, f.date, f.api_type] as const;

export function fetchRecords(filter: RecordFilter, page: number): Promise<Page<TransRecord>> {
  return request<Page<TransRecord>>('gettransrecord', { body: { ...filter, page } });
}

// ---- for other screens ----------------------------------------------------------------------

/** The transfer sheet preset to one venue, for a screen of another feature (the game frame); its own chunk. */
export const VenueTransferSheet = lazy(() => import('./components/VenueTransferSheet'));
