import { sql } from 'kysely';
import { ADMIN_LIMITS, PROTECTION_MSG, type AdminProtectionView, type BlockDuration, type BlockedMemberRow, type BlockKind, type LimitKind, type LimitPeriod, type Page, type ProtectionEventRow } from '@app/contract';
import { idParams, pageQuery, staffBlockSchema, staffLimitSchema } from '@app/contract/schemas';
import type { Kdb } from '../../db/connect.js';
import { ok } from '../../http/envelope.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { endVenueSessions } from '../../modules/protection/enforce.js';
import { bjMinute } from '../../modules/protection/periods.js';
import { protectionState } from '../../modules/protection/service.js';
import { setStaffLimit, startStaffBlock } from '../../modules/protection/settings.js';
import { memberAccount } from '../../modules/user/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

/**
 * 安全与健康 in the console: a member's limits, time-out or exclusion and their history,
 * read-only except to make them stricter (a new or lower limit, a longer block), each change with its
 * reason, history line and audit row in one transaction; and the members under a block now.
 */

const HISTORY_SHOWN = 100;

async function viewOf(db: Kdb, id: number, now: Date): Promise<AdminProtectionView> {
  await memberAccount(db, id);
  const [state, events] = await Promise.all([
    protectionState(db, { id, isTrial: false }, now),
    db.selectFrom('protection_events').select(['id', 'created_at', 'staff_name', 'text', 'reason']).where('member_id', '=', id).orderBy('id', 'desc').limit(HISTORY_SHOWN).execute(),
  ]);
  const history: ProtectionEventRow[] = events.map((e) => ({ id: Number(e.id), at: bjMinute(e.created_at), by: e.staff_name ?? 'member', text: e.text, reason: e.reason }));
  return { ...state, history };
}

/** Members under a time-out or exclusion now (the block in force: the one ending last), the latest started first. */
async function blockedMembers(db: Kdb, page: number, now: Date): Promise<Page<BlockedMemberRow>> {
  const perPage = ADMIN_LIMITS.pageSize;
  const at = now.toISOString();
  const live = sql`pb.started_at <= ${at}::timestamptz AND (pb.ends_at IS NULL OR pb.ends_at > ${at}::timestamptz)`;
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<{ member_id: number; username: string; kind: string; duration: string; started_at: Date; ends_at: Date | null; staff_name: string | null }>`
      SELECT * FROM (
        SELECT DISTINCT ON (pb.member_id) pb.member_id, m.username, pb.kind, pb.duration, pb.started_at, pb.ends_at, pb.staff_name
        FROM protection_blocks pb JOIN members m ON m.id = pb.member_id
        WHERE ${live}
        ORDER BY pb.member_id, pb.ends_at DESC NULLS FIRST
      ) AS b ORDER BY started_at DESC, member_id DESC
      LIMIT ${perPage} OFFSET ${offsetOf(page, perPage)}`.execute(db),
    sql<{ n: number }>`SELECT count(DISTINCT pb.member_id)::int AS n FROM protection_blocks pb WHERE ${live}`.execute(db),
  ]);
  const data: BlockedMemberRow[] = rows.map((r) => ({
    member_id: Number(r.member_id),
    name: r.username,
    kind: r.kind as BlockKind,
    duration: r.duration as BlockDuration,
    started_at: bjMinute(r.started_at),
    until: r.ends_at ? bjMinute(r.ends_at) : '',
    by: r.staff_name ?? 'member',
  }));
  return pageOf(data, Number(count[0]?.n ?? 0), page, perPage);
}

export const protectionRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/members/:id/protection',
    tag: '安全与健康',
    summary: '会员的限额（含本期已用、待确认的提高或取消）、冷静期/自我排除、游戏提醒间隔与变更历史（新的在前）',
    access: 'members.care',
    params: idParams,
    handler: async ({ app, params }) => ok(await viewOf(app.kdb, params.id, new Date())),
  }),
  route({
    method: 'POST',
    path: '/members/:id/protection/limit',
    tag: '安全与健康',
    summary: '收紧限额 {kind, period, limit, reason}：只能新设或降低（立即生效，待确认的提高随之撤销）；放宽或取消时 400',
    access: 'members.care',
    params: idParams,
    body: staffLimitSchema,
    audits: ['member.protection_limit'],
    handler: async ({ app, req, staff, params, body }) => {
      await memberAccount(app.kdb, params.id);
      const now = new Date();
      const change = { kind: body.kind as LimitKind, period: body.period as LimitPeriod, limit: body.limit };
      await setStaffLimit(app.kdb, actorOf(req, staff), params.id, change, body.reason, now);
      // The member's open games knew only the old headroom: they end, the next launch carries the new one.
      if (change.kind === 'loss' || change.kind === 'wager') await endVenueSessions(app, params.id);
      return ok(await viewOf(app.kdb, params.id, now), PROTECTION_MSG.staffSaved);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/protection/block',
    tag: '安全与健康',
    summary: '冷静期/自我排除 {kind, duration, reason}：只能比当前的更长；会员在场馆的游戏会话随即结束',
    access: 'members.care',
    params: idParams,
    body: staffBlockSchema,
    audits: ['member.protection_block'],
    handler: async ({ app, req, staff, params, body }) => {
      await memberAccount(app.kdb, params.id);
      const now = new Date();
      const block = { kind: body.kind as BlockKind, duration: body.duration as BlockDuration };
      await startStaffBlock(app.kdb, actorOf(req, staff), params.id, block, body.reason, now);
      await endVenueSessions(app, params.id);
      return ok(await viewOf(app.kdb, params.id, now), PROTECTION_MSG.staffSaved);
    },
  }),
  route({
    method: 'GET',
    path: '/protection/blocks',
    tag: '安全与健康',
    summary: '正处于冷静期或自我排除的会员（分页，最近开始的在前）',
    access: 'members.care',
    query: pageQuery,
    handler: async ({ app, query }) => ok(await blockedMembers(app.kdb, query.page, new Date())),
  }),
];
