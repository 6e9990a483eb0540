import { Tag } from 'antd';
import { ORDER_STATE } from '@app/contract';

const COLORS: Record<number, string> = { [ORDER_STATE.pending]: 'gold', [ORDER_STATE.approved]: 'green', [ORDER_STATE.rejected]: 'red' };

/** An order's state as a coloured tag (待审核 / 已通过 / 已拒绝). */
export function StateTag({ state, text }: { state: number; text: string }) {
  return <Tag color={COLORS[state] ?? 'default'}>{text}</Tag>;
}

/** The review queues' tabs: state 1, 2, 3, or every state. */
export const STATE_TABS = [
  { key: '1', label: '待审核' },
  { key: '2', label: '已通过' },
  { key: '3', label: '已拒绝' },
  { key: '', label: '全部' },
];
