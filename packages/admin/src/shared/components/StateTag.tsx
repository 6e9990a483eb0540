import { Tag } from 'antd';
import { ORDER_STATE, ORDER_STATE_LABELS } from '@app/contract';

const COLORS: Record<number, string> = { [ORDER_STATE.pending]: 'gold', [ORDER_STATE.approved]: 'green', [ORDER_STATE.rejected]: 'red' };

/** An order's state as a coloured tag (待审核 / 已通过 / 已拒绝). */
export function StateTag({ state, text }: { state: number; text: string }) {
  return <Tag color={COLORS[state] ?? 'default'}>{text}</Tag>;
}

/** The review queues' tabs: state 1, 2, 3, or every state. */
export const STATE_TABS = [
  ...[ORDER_STATE.pending, ORDER_STATE.approved, ORDER_STATE.rejected].map((state) => ({ key: String(state), label: ORDER_STATE_LABELS[state] })),
  { key: '', label: '全部' },
];
