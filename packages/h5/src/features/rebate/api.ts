import { useQuery } from '@tanstack/react-query';
import type { FanshuiClaim, FanshuiList, FanshuiRecord, Page } from '@app/contract';
import { call, refusal, request } from '../../shared/api/client';
import { CODE } from '@app/contract';
import type { RecordFilterValue } from '../../shared/components/RecordFilters';

/** /fanshui's filters (spec §2): the date range and the game platform ('' = all). */
export type FanshuiFilter = Pick<RecordFilterValue, 'date' | 'api_type'>;

export const fanshuiKey = ['rebate', 'fanshui'] as const;
const listKey = (f: FanshuiFilter) => [...fanshuiKey, 'list', f.date, f.api_type] as const;
const totalsKey = (f: FanshuiFilter) => [...fanshuiKey, 'totals', f.date, f.api_type] as const;

/** jisuan = claimed within the filters, nojisuan = every pending record (what 领取 pays), in yuan. */
export type FanshuiTotals = Pick<FanshuiList, 'jisuan' | 'nojisuan'>;

function fetchFanshui(f: FanshuiFilter, page: number): Promise<FanshuiList> {
  return request<FanshuiList>('getfanshui', { body: { date: f.date, api_type: f.api_type, type: '', page } });
}

/**
 * The list's pages and the totals come in the same answer (POST /api/getfanshui): each page fetched
 * also writes the totals into their own query, which the summary card reads.
 */
export function fanshuiPages(f: FanshuiFilter, setTotals: (t: FanshuiTotals) => void) {
  return {
    queryKey: listKey(f),
    fetchPage: async (page: number): Promise<Page<FanshuiRecord>> => {
      const answer = await fetchFanshui(f, page);
      setTotals({ jisuan: answer.jisuan, nojisuan: answer.nojisuan });
      return answer.list;
    },
  };
}

/** The totals of the filters, filled by the list's pages (never fetched on their own). */
export function useFanshuiTotals(f: FanshuiFilter) {
  return useQuery<FanshuiTotals>({ queryKey: totalsKey(f), queryFn: () => fetchFanshui(f, 1), enabled: false });
}

/** Where fanshuiPages writes the totals of a filter. */
export const fanshuiTotalsKey = totalsKey;

/** POST /api/dofanshui: every pending record into the central wallet; the answer's message and amount. */
export async function claimFanshui(): Promise<{ message: string; money: number }> {
  const json = await call<FanshuiClaim>('dofanshui', { overlay: true, body: {} });
  if (json.code !== CODE.ok) throw refusal(json);
  return { message: json.message, money: json.data.money };
}
