import { TRANS_TYPE } from '@app/contract';

/** 账户明细 opened on the deposit orders (pending ones included), where the deposit screens send a member. */
export const DEPOSIT_RECORDS = ['/transRecord', { state: { type: TRANS_TYPE.deposit } }] as const;
