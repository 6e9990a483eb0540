import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_LIMITS,
  MAIL_ADMIN_LIMITS as L,
  MAIL_ADMIN_MSG,
  type AdminMailCampaign,
  type AdminMailCampaignPage,
  type MailAudience,
  type MailAudiencePreview,
  type MailCampaignForm,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { scheduleJob } from '../../lib/jobs.js';
import { beijing } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { offsetOf, pageOf } from '../content/paging.js';
import type { Tx } from '../ledger/service.js';

/**
 * 站内信 campaigns staff send from the console. Sending a campaign writes its row and audit row in one
 * short transaction; a mail to one member is written in that transaction too. Any other audience is
 * snapshotted as "the audience's members up to the newest id now" and written by the sender in
 * batches of MAIL_ADMIN_LIMITS.batch, one INSERT … SELECT per transaction with the campaign row
 * locked and its cursor moved in the same transaction, so every recipient gets exactly one mail, no
 * transaction is long, and other requests run between batches. The sender is kicked in-process when
 * a campaign is created and a periodic pass picks up a campaign an instance left half-sent (restart,
 * crash); FOR UPDATE SKIP LOCKED keeps two instances off the same batch.
 */

interface Audience {
  audience: MailAudience;
  memberId: number | null;
  vip: number | null;
  label: string;
}

type AudienceForm = Pick<MailCampaignForm, 'audience' | 'member' | 'vip'>;

/** Who the audience is, a single member looked up by username or id (trial accounts get no mail). */
async function resolve(db: Tx, f: AudienceForm): Promise<Audience> {
  switch (f.audience) {
    case 'member': {
      const key = String(f.member ?? '').trim();
      let row = await db.selectFrom('members').select(['id', 'username']).where('username', '=', key).where('is_trial', '=', false).executeTakeFirst();
      if (!row && /^\d{1,15}$/.test(key)) {
        row = await db.selectFrom('members').select(['id', 'username']).where('id', '=', Number(key)).where('is_trial', '=', false).executeTakeFirst();
      }
      if (!row) throw notFound(MAIL_ADMIN_MSG.memberMissing);
      return { audience: 'member', memberId: Number(row.id), vip: null, label: `会员 ${row.username}（ID ${row.id}）` };
    }
    case 'vip': {
      const vip = Number(f.vip);
      return { audience: 'vip', memberId: null, vip, label: `VIP${vip}` };
    }
    case 'agents':
      return { audience: 'agents', memberId: null, vip: null, label: '全部代理' };
    default:
      return { audience: 'all', memberId: null, vip: null, label: '全部会员' };
  }
}

/** Members under a time-out or exclusion now: broadcasts skip them; a mail to one member still reaches it. */
const notBlocked = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM protection_blocks pb WHERE pb.member_id = m.id AND pb.started_at <= now() AND (pb.ends_at IS NULL OR pb.ends_at > now()))`;

/** The audience's filter on members (trial accounts never, nor members under a block). */
function filterOf(a: { audience: string; member_id: number | null; vip: number | null }): Expression<SqlBool> {
  switch (a.audience) {
    case 'member':
      return sql<SqlBool>`m.id = ${a.member_id}`;
    case 'vip':
      return sql<SqlBool>`NOT m.is_trial AND EXISTS (SELECT 1 FROM member_figures f WHERE f.member_id = m.id AND f.vip = ${a.vip}) AND ${notBlocked}`;
    case 'agents':
      return sql<SqlBool>`NOT m.is_trial AND EXISTS (SELECT 1 FROM agents ag WHERE ag.member_id = m.id) AND ${notBlocked}`;
    default:
      return sql<SqlBool>`NOT m.is_trial AND ${notBlocked}`;
  }
}

async function countAudience(db: Tx, a: Audience): Promise<{ count: number; uptoId: number }> {
  const row = await sql<{ n: number; upto: string | number | null }>`
    SELECT count(*)::int AS n, max(m.id) AS upto FROM members m WHERE ${filterOf({ audience: a.audience, member_id: a.memberId, vip: a.vip })}`
    .execute(db)
    .then((r) => r.rows[0]!);
  return { count: Number(row.n), uptoId: Number(row.upto ?? 0) };
}

/** The compose form's preview: how many members the audience reaches now. */
export async function previewAudience(db: Kdb, f: AudienceForm): Promise<MailAudiencePreview> {
  const a = await resolve(db, f);
  const { count } = await countAudience(db, a);
  return { audience: a.audience, label: a.label, count };
}

type CampaignRow = {
  id: number;
  audience: string;
  audience_label: string;
  title: string;
  content: string;
  status: string;
  total: number;
  sent: number;
  staff_name: string;
  created_at: Date;
  finished_at: Date | null;
};

function toCampaign(r: CampaignRow, read: number): AdminMailCampaign {
  return {
    id: Number(r.id),
    audience: r.audience as MailAudience,
    audience_label: r.audience_label,
    title: r.title,
    content: r.content,
    status: r.status === 'done' ? 'done' : 'sending',
    total: Number(r.total),
    sent: Number(r.sent),
    read,
    staff_name: r.staff_name,
    created_at: beijing(r.created_at),
    finished_at: r.finished_at ? beijing(r.finished_at) : null,
  };
}

const COLUMNS = ['id', 'audience', 'audience_label', 'title', 'content', 'status', 'total', 'sent', 'staff_name', 'created_at', 'finished_at'] as const;

async function readCounts(db: Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('mails')
    .select(['campaign_id', sql<number>`count(*)::int`.as('n')])
    .where('campaign_id', 'in', ids)
    .where('read_at', 'is not', null)
    .groupBy('campaign_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.campaign_id), Number(r.n)]));
}

export async function getCampaign(db: Tx, id: number): Promise<AdminMailCampaign> {
  const row = await db.selectFrom('mail_campaigns').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toCampaign(row, (await readCounts(db, [id])).get(id) ?? 0);
}

export async function listCampaigns(db: Kdb, page: number): Promise<AdminMailCampaignPage> {
  const perPage = ADMIN_LIMITS.pageSize;
  const [rows, count] = await Promise.all([
    db.selectFrom('mail_campaigns').select(COLUMNS).orderBy('id', 'desc').limit(perPage).offset(offsetOf(page, perPage)).execute(),
    db.selectFrom('mail_campaigns').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const reads = await readCounts(db, rows.map((r) => Number(r.id)));
  return pageOf(
    rows.map((r) => toCampaign(r, reads.get(Number(r.id)) ?? 0)),
    Number(count.n),
    page,
    perPage,
  );
}

/** Creates the campaign (audited); a single member's mail is written at once, any other audience by the sender. */
export async function createCampaign(db: Kdb, actor: Actor, f: MailCampaignForm): Promise<AdminMailCampaign> {
  const title = f.title.trim();
  const content = f.content.trim();
  const created = await db.transaction().execute(async (tx) => {
    const a = await resolve(tx, f);
    const { count, uptoId } = await countAudience(tx, a);
    if (count === 0) throw badRequest(MAIL_ADMIN_MSG.nobody);
    const single = a.audience === 'member';
    const row = await tx
      .insertInto('mail_campaigns')
      .values({
        audience: a.audience,
        member_id: a.memberId,
        vip: a.vip,
        audience_label: a.label,
        title,
        content,
        status: single ? 'done' : 'sending',
        total: count,
        sent: single ? 1 : 0,
        batches: single ? 1 : 0,
        upto_id: uptoId,
        after_id: single ? uptoId : 0,
        staff_id: actor.id,
        staff_name: actor.username,
        finished_at: single ? sql`now()` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    if (single) await tx.insertInto('mails').values({ member_id: a.memberId!, title, content, campaign_id: id }).execute();
    await writeAudit(tx, actor, 'mail.send', `mail_campaign:${id}`, null, { audience: a.audience, to: a.label, title, total: count });
    return id;
  });
  return getCampaign(db, created);
}

/**
 * One batch of one campaign still sending (the oldest not locked by another instance): its next
 * recipients by id, written and counted with the cursor moved in one transaction. Null when no
 * campaign is left to send.
 */
export async function sendBatch(db: Kdb, batch: number = L.batch): Promise<{ id: number; written: number; done: boolean } | null> {
  return db.transaction().execute(async (tx) => {
    const c = await tx
      .selectFrom('mail_campaigns')
      .select(['id', 'audience', 'member_id', 'vip', 'title', 'content', 'upto_id', 'after_id'])
      .where('status', '=', 'sending')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!c) return null;
    const id = Number(c.id);
    const r = await sql<{ n: number; last: string | number | null }>`
      WITH picked AS (
        SELECT m.id FROM members m
        WHERE m.id > ${c.after_id} AND m.id <= ${c.upto_id} AND ${filterOf(c)}
        ORDER BY m.id LIMIT ${batch}
      ), written AS (
        INSERT INTO mails (member_id, title, content, campaign_id)
        SELECT picked.id, ${c.title}, ${c.content}, ${id}::bigint FROM picked
        RETURNING member_id
      )
      SELECT count(*)::int AS n, max(member_id) AS last FROM written`.execute(tx);
    const written = Number(r.rows[0]!.n);
    const done = written < batch;
    await tx
      .updateTable('mail_campaigns')
      .set((eb) => ({
        sent: eb('sent', '+', written),
        batches: eb('batches', '+', written > 0 ? 1 : 0),
        after_id: written > 0 ? Number(r.rows[0]!.last) : c.after_id,
        ...(done ? { status: 'done', finished_at: sql`now()` } : {}),
      }))
      .where('id', '=', id)
      .execute();
    return { id, written, done };
  });
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const driving = new WeakMap<Kdb, { again: boolean; run: Promise<void> }>();

/**
 * Sends every campaign still sending, batch by batch, yielding to the event loop between batches.
 * One drive per database handle in this process; a kick during a drive makes it look again.
 */
export function driveCampaigns(db: Kdb, log?: { warn(o: unknown, m: string): void }): Promise<void> {
  const current = driving.get(db);
  if (current) {
    current.again = true;
    return current.run;
  }
  const state = { again: false, run: Promise.resolve() };
  state.run = (async () => {
    try {
      do {
        state.again = false;
        while (await sendBatch(db)) await yieldToOthers();
      } while (state.again);
    } catch (err) {
      log?.warn({ err }, 'mail campaign batch failed');
    } finally {
      driving.delete(db);
    }
  })();
  driving.set(db, state);
  return state.run;
}

/** The sender's periodic pass: picks up campaigns an instance left half-sent. */
export const MAIL_SENDER_INTERVAL_MS = 5_000;

export function startMailSender(app: FastifyInstance): void {
  scheduleJob(app, 'mail campaigns', MAIL_SENDER_INTERVAL_MS, () => driveCampaigns(app.kdb, app.log));
}
