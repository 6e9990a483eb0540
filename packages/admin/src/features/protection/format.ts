import type { LimitRow } from '@app/contract';
import { yuan } from '../../shared/format';

/** A limit's amount as staff read it: yuan, or minutes for the session limit. */
export const limitValue = (row: Pick<LimitRow, 'kind' | 'limit'>) => (row.kind === 'session' ? `${row.limit} 分钟` : yuan(row.limit));

/** Who made a change, as staff read it: the member itself, or the staff member's name. */
export const byLabel = (by: string) => (by === 'member' ? '会员本人' : by);
