import type { LimitKind } from '@app/contract';

/** Money limits are in yuan, the session limit in minutes (the contract's LimitRow). */
export const unitOf = (kind: LimitKind): string => (kind === 'session' ? '分钟' : '元');
