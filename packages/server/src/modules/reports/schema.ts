import type { ColumnType, Generated } from 'kysely';

/** The tables modules/reports owns: only it writes them (scripts/check-tables.mjs). */
export interface ReportsTables {
  // 数据概览 and 报表: pre-aggregated closed days
  daily_stats: {
    day: ColumnType<string, string, string>;
    metric: string;
    venue: Generated<string>;
    category: Generated<string>;
    item: Generated<string>;
    n: Generated<number>;
    a_fen: Generated<number>;
    b_fen: Generated<number>;
    c_fen: Generated<number>;
    label: Generated<string>;
  };
  daily_stats_days: { day: ColumnType<string, string, string>; rolled_at: Generated<Date> };
  active_member_months: { month: ColumnType<string, string, string>; member_id: number };
}
