/**
 * Where a member's turnover requirement (打码量) comes from (DESIGN §5, §8): each deposit, bonus,
 * rebate or red packet adds its own part, and valid bets use the oldest part first. /withdrawal
 * shows each open part and what is left of it (POST /api/turnoverSources).
 */
export const TURNOVER_SOURCE_KINDS = ['deposit', 'promotion', 'rebate', 'red_packet', 'vip_bonus', 'commission', 'adjustment', 'carried'] as const;
export type TurnoverSourceKind = (typeof TURNOVER_SOURCE_KINDS)[number];

/** The member-facing name of each kind. */
export const TURNOVER_SOURCE_LABELS: Record<TurnoverSourceKind, string> = {
  deposit: '存款',
  promotion: '活动彩金',
  rebate: '返水',
  red_packet: '红包',
  vip_bonus: '晋级礼金',
  commission: '代理佣金',
  adjustment: '人工调整',
  carried: '此前累计',
};

/** Open parts listed at most (the oldest, which bets use first); newer ones beyond are summed in `more`. */
export const TURNOVER_SOURCES_SHOWN = 50;

export interface TurnoverSource {
  kind: TurnoverSourceKind;
  /** TURNOVER_SOURCE_LABELS[kind] */
  label: string;
  /** the money that brought the requirement (yuan): the deposit, the bonus… */
  amount: number;
  /** required ÷ amount, two decimals (a deposit 1, a bonus its activity's multiple); 0 when amount is 0 */
  multiple: number;
  /** the turnover it asked for (yuan) */
  required: number;
  /** what is still to bet of it (yuan) */
  remaining: number;
  /** Beijing time, YYYY-MM-DD HH:mm:ss */
  created_at: string;
}

/** data of POST /api/turnoverSources: the total left (= getBetAmount's bet_amount) and its open parts, oldest first. */
export interface TurnoverSources {
  bet_amount: number;
  sources: TurnoverSource[];
  /** open parts beyond the TURNOVER_SOURCES_SHOWN listed, and their remaining total (yuan) */
  more: { count: number; remaining: number };
}
