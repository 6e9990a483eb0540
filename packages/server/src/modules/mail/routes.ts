import { messageListSchema, messageReadSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { listMail, readMail, unreadCount } from './service.js';

const TAG = '站内信';

/** The member's own internal mail; every route needs a session and sees only that member's mail. */
export const mailRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/message/list',
    tag: TAG,
    summary: '本会员的站内信（分页）',
    access: 'member',
    body: messageListSchema,
    handler: async ({ app, member, body }) => ok(await listMail(app.kdb, member.id, body.page)),
  }),
  memberRoute({
    method: 'POST',
    path: '/message/read',
    tag: TAG,
    summary: '阅读一封站内信（标为已读）',
    access: 'member',
    body: messageReadSchema,
    handler: async ({ app, member, body }) => ok(await readMail(app.kdb, member.id, body.id)),
  }),
  memberRoute({
    method: 'POST',
    path: '/message/unread',
    tag: TAG,
    summary: '未读站内信数',
    access: 'member',
    handler: async ({ app, member }) => ok({ count: await unreadCount(app.kdb, member.id) }),
  }),
];
