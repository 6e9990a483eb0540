import { transRecordSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { transRecords, type TransRecordQuery } from './service.js';

/** POST /api/gettransrecord: the member's account details (spec §2 /transRecord, §7). */
export const recordRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/gettransrecord',
    tag: '账户明细',
    summary: '账户明细：存款、取款、转入、转出（按日期范围与类型，分页）',
    access: 'member',
    body: transRecordSchema,
    handler: async ({ app, member, body }) => ok(await transRecords(app.kdb, member.id, body as TransRecordQuery)),
  }),
];
