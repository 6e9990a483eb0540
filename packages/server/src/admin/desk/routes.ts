import { sql } from 'kysely';
import { DESK_QUEUES, roleCan, type DeskCounts, type DeskQueue, type StaffRole } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { ok } from '../../http/envelope.js';
import { route, type AdminRoute } from '../route.js';

/** Each queue's waiting orders, counted on its (state, id) index. */
const WAITING: Record<DeskQueue, ReturnType<typeof sql>> = {
  deposits: sql`SELECT count(*) FROM deposits WHERE state = 1`,
  withdrawals: sql`SELECT count(*) FROM withdrawals WHERE state = 1`,
  activityApplications: sql`SELECT count(*) FROM activity_applications WHERE state = 0`,
  agentApplications: sql`SELECT count(*) FROM agent_applications WHERE state = 0`,
  commissionStatements: sql`SELECT count(*) FROM commission_statements WHERE state = 0`,
  approvals: sql`SELECT count(*) FROM staff_approvals WHERE state = 0`,
  service: sql`SELECT count(*) FROM service_conversations WHERE state = 'waiting'`,
};

/** The counts of the queues `role` may read, in one statement. */
export async function deskCounts(db: Kdb, role: StaffRole): Promise<DeskCounts> {
  const queues = DESK_QUEUES.filter((q) => roleCan(role, q.permission)).map((q) => q.key);
  if (queues.length === 0) return {};
  const r = await sql<Record<string, string | number>>`SELECT ${sql.join(queues.map((k) => sql`(${WAITING[k]}) AS ${sql.ref(k)}`))}`.execute(db);
  const row = r.rows[0]!;
  return Object.fromEntries(queues.map((k) => [k, Number(row[k])]));
}

export const deskRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/desk/counts',
    tag: '工作台',
    summary: '待处理数量：存款、取款、活动申请、代理申请、佣金审核、待复核中本角色可查看的队列（控制台每10秒轮询，用于菜单角标与新取款提醒）',
    access: 'staff',
    handler: async ({ app, staff }) => ok(await deskCounts(app.kdb, staff.role)),
  }),
];
