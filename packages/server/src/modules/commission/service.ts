import { sql, type Transaction } from 'kysely';
import { COMMISSION_ADMIN_MSG, COMMISSION_JOURNAL_KIND, COMMISSION_STATE, commissionTierOf, fenOfYuan, fenToYuan, fmt, staffReasonFailure, type AgentOverview, type CommissionPlan } from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { reviewPending, type ReviewRecorder } from '../../lib/review.js';
import { getCommissionPlan } from '../invites/service.js';
import { HOUSE, memberWalletIds, postMany, systemAccountId } from '../ledger/service.js';
import { sendMails } from '../mail/service.js';
import { PROMOTION_JOURNAL_KIND } from '../promotions/review.js';
import { REBATE_JOURNAL_KIND } from '../rebate/service.js';
import { REDPACKET_JOURNAL_KIND } from '../redpacket/service.js';
import { teamBets } from '../games/team-bets.js';
import { addTurnoverRequirements } from '../turnover/service.js';
import { VIP_BONUS_JOURNAL_KIND } from '../vip/service.js';
import { lastDayOf, periodAt, periodStartingOn, type PeriodRange } from './period.js';
import { PLAN_PER_CALL } from '../../db/prepared.js';

/**
 * The commission engine (DESIGN §8; the plan: contract invites.ts). For one CLOSED
 * period (period.ts), every agent (an agents row when the period is computed, not a trial
 * account) with at least one direct invitee who had joined before the period ended gets one
 * statement (commission_statements) kept with its inputs. The team is the agent's DIRECT invitees
 * (trial accounts never count). Figures, in fen:
 *
 * - valid_fen, team_win_loss_fen: the team's member_daily_bets of the period's Beijing days (settled,
 *   counted bets by Beijing day of the bet; win/loss is the MEMBER's, positive when members won), read
 *   as the /inviter counters and the agent portal read them (games teamBets).
 * - bonuses_fen: what the team's central wallets were credited in the period (ledger entry time) by
 *   journals of kinds promotion_bonus, rebate, red_packet and vip_bonus.
 * - active_members: team members whose valid bets of the period reach plan.valid_active_min.
 * - net_loss_fen = −team_win_loss_fen − bonuses_fen.
 * - carried_in_fen = LEAST(base_fen of the agent's latest earlier statement, 0): a negative period is
 *   carried into the agent's next statement (a turnover statement's base is never negative).
 * - base_fen = net_loss_fen + carried_in_fen (net_loss) or valid_fen (turnover).
 * - tier = commissionTierOf(plan, base_fen, active_members); rate its rate (0 without a tier).
 * - own_amount_fen = ⌊base_fen × rate / 100⌋ (net_loss, base > 0) or ⌊valid_fen × rate / 10,000⌋
 *   (turnover; the rate is yuan per 10,000 yuan), rounded down to the fen.
 * - differentials (plan.multi_level only; ONE level): for each sub-agent S (a direct invitee that is
 *   itself an agent and has a statement of the same period), the agent earns
 *   ⌊max(S's base, 0) × (rate − S's rate) / 100⌋ (net_loss) or ⌊S's valid × (rate − S's rate) / 10,000⌋
 *   (turnover) when its rate is above S's. S's own bets count in the agent's direct team as any
 *   invitee's do; S's team (S's invitees) reaches the agent only through the differential; the
 *   sub-agents of S give the agent nothing. The agent's tier is from its direct team alone.
 * - amount_fen = own_amount_fen + the differentials' amounts.
 *
 * Statements are inserted ON CONFLICT (agent_id, period_start) DO NOTHING, so a re-run or a second
 * instance writes and pays nothing more; the money moves in the transaction that inserted the row.
 * amount 0 → state 3 无佣金; ≤ plan.auto_pay_max → paid at once (state 1); larger → state 0 待审核
 * for staff (approveStatement / rejectStatement). Agents are written CHUNK at a time, one
 * transaction each (its inserts, one postMany, one turnover update, one mail insert).
 */

/** The states and their labels live in the contract (agents.ts): the console shows them too. */
export { COMMISSION_STATE, COMMISSION_STATE_LABELS } from '@app/contract';
/** The ledger kinds whose credits to the team are subtracted from the net loss. */
export const COMMISSION_BONUS_KINDS = [PROMOTION_JOURNAL_KIND, REBATE_JOURNAL_KIND, REDPACKET_JOURNAL_KIND, VIP_BONUS_JOURNAL_KIND] as const;
/** Agents written per transaction (≤ the ledger's POST_MANY_MAX). */
export const COMMISSION_CHUNK = 500;

/** The agent's mails; the console's texts are the contract's COMMISSION_ADMIN_MSG. */
export const COMMISSION_MAIL = {
  paidTitle: '代理佣金到账',
  paidContent: '您{start}至{end}的代理佣金{amount}元已发放到中心钱包，需完成{turnover}元流水方可提现。',
  paidContentNoTurnover: '您{start}至{end}的代理佣金{amount}元已发放到中心钱包。',
  rejectedTitle: '代理佣金未通过审核',
  rejectedContent: '您{start}至{end}的代理佣金{amount}元未通过审核，原因：{reason}',
  missing: COMMISSION_ADMIN_MSG.missing,
  reason: COMMISSION_ADMIN_MSG.rejectReason,
} as const;

/** The idempotency key of a statement's payment: a statement pays once, whoever pays it. */
export const commissionKey = (statementId: number): string => `commission:${statementId}`;

/** The journal's memo: the 礼金记录 list shows it as the remark. */
const memoOf = (start: string, end: string): string => `代理佣金 ${start}~${lastDayOf(end)}`;

const num = (v: string | number | null | undefined): number => Number(v ?? 0);
/** A rate (≤ 2 decimals) in hundredths, as a bigint for exact products. */
const hundredths = (rate: number): bigint => BigInt(Math.round(rate * 100));

/** ⌊figure × rate⌋ of the model: percent of the base (net_loss), yuan per 10,000 yuan (turnover). */
function commissionOf(model: CommissionPlan['model'], figureFen: number, rate: number): number {
  if (figureFen <= 0 || rate <= 0) return 0;
  const divisor = model === 'net_loss' ? 10_000n : 1_000_000n;
  return Number((BigInt(figureFen) * hundredths(rate)) / divisor);
}

interface Figures {
  agent_id: number;
  team_members: number;
  active_members: number;
  valid_fen: number;
  team_win_loss_fen: number;
  bonuses_fen: number;
  carried_in_fen: number;
  sub_agents: number[];
}

/**
 * Every agent's figures for the period in one statement (module comment); with `only`, that agent's
 * and its sub-agents' (what its own statement needs).
 */
async function figuresOf(db: Kdb, p: PeriodRange, plan: CommissionPlan, only?: number): Promise<Figures[]> {
  const minFen = fenOfYuan(plan.valid_active_min);
  const r = await sql<Record<string, string | number | null | (string | number)[]>>`${PLAN_PER_CALL}
    WITH agent AS (
      SELECT m.id FROM agents ag JOIN members m ON m.id = ag.member_id WHERE NOT m.is_trial
        ${only === undefined ? sql`` : sql`AND (m.id = ${only} OR m.inviter_id = ${only})`}
    ), team AS (
      SELECT m.id, m.inviter_id AS agent_id, (sub.member_id IS NOT NULL) AS is_agent
        FROM members m JOIN agent a ON a.id = m.inviter_id LEFT JOIN agents sub ON sub.member_id = m.id
      WHERE NOT m.is_trial AND m.created_at < ${p.endAt}
    ), bets AS (${teamBets('team', { first: p.start, last: lastDayOf(p.end) })}
    ), bonus AS (
      SELECT a.member_id, sum(e.amount_fen)::bigint AS fen
        FROM team t
        JOIN ledger_accounts a ON a.member_id = t.id AND a.kind = 'member_wallet'
        JOIN ledger_entries e ON e.account_id = a.id
        JOIN ledger_journals j ON j.id = e.journal_id
       WHERE j.kind = ANY(${[...COMMISSION_BONUS_KINDS]}::text[]) AND e.created_at >= ${p.startAt} AND e.created_at < ${p.endAt}
       GROUP BY a.member_id
    ), fig AS (
      SELECT t.agent_id,
             count(*) AS team_members,
             count(*) FILTER (WHERE COALESCE(b.valid_fen, 0) >= ${minFen}) AS active_members,
             COALESCE(sum(b.valid_fen), 0)::bigint AS valid_fen,
             COALESCE(sum(b.win_loss_fen), 0)::bigint AS team_win_loss_fen,
             COALESCE(sum(bo.fen), 0)::bigint AS bonuses_fen,
             COALESCE(array_agg(t.id ORDER BY t.id) FILTER (WHERE t.is_agent), '{}') AS sub_agents
        FROM team t LEFT JOIN bets b ON b.member_id = t.id LEFT JOIN bonus bo ON bo.member_id = t.id
       GROUP BY t.agent_id
    )
    SELECT f.*,
      COALESCE((SELECT LEAST(s.base_fen, 0) FROM commission_statements s
                 WHERE s.agent_id = f.agent_id AND s.period_start < ${p.start}::date
                 ORDER BY s.period_start DESC LIMIT 1), 0) AS carried_in_fen
    FROM fig f ORDER BY f.agent_id`.execute(db);
  return r.rows.map((x) => ({
    agent_id: num(x.agent_id as string),
    team_members: num(x.team_members as string),
    active_members: num(x.active_members as string),
    valid_fen: num(x.valid_fen as string),
    team_win_loss_fen: num(x.team_win_loss_fen as string),
    bonuses_fen: num(x.bonuses_fen as string),
    carried_in_fen: num(x.carried_in_fen as string),
    sub_agents: (x.sub_agents as (string | number)[]).map(Number),
  }));
}

export interface Differential {
  sub_agent_id: number;
  base_fen: number;
  rate: number;
  sub_rate: number;
  amount_fen: number;
}

/** A statement as computed, before it is written. */
export interface ComputedStatement extends Omit<Figures, 'sub_agents'> {
  net_loss_fen: number;
  base_fen: number;
  tier: number;
  rate: number;
  own_amount_fen: number;
  differentials: Differential[];
  amount_fen: number;
}

/** The statements of a period from its figures (pure: the module comment's formulas). */
export function statementsOf(plan: CommissionPlan, figures: Figures[]): ComputedStatement[] {
  const own = new Map<number, ComputedStatement>();
  for (const f of figures) {
    const netLoss = -f.team_win_loss_fen - f.bonuses_fen;
    const base = plan.model === 'net_loss' ? netLoss + f.carried_in_fen : f.valid_fen;
    const tier = commissionTierOf(plan, base, f.active_members);
    const rate = tier?.rate ?? 0;
    const { sub_agents: _subs, ...rest } = f;
    own.set(f.agent_id, {
      ...rest,
      carried_in_fen: plan.model === 'net_loss' ? f.carried_in_fen : 0,
      net_loss_fen: netLoss,
      base_fen: base,
      tier: tier ? plan.tiers.indexOf(tier) + 1 : 0,
      rate,
      own_amount_fen: commissionOf(plan.model, base, rate),
      differentials: [],
      amount_fen: 0,
    });
  }
  for (const f of figures) {
    const s = own.get(f.agent_id)!;
    if (plan.multi_level && s.rate > 0)
      for (const subId of f.sub_agents) {
        const sub = own.get(subId);
        if (!sub || sub.rate >= s.rate) continue;
        const subBase = Math.max(sub.base_fen, 0);
        const amount = commissionOf(plan.model, subBase, Math.round((s.rate - sub.rate) * 100) / 100);
        if (amount > 0) s.differentials.push({ sub_agent_id: subId, base_fen: subBase, rate: s.rate, sub_rate: sub.rate, amount_fen: amount });
      }
    s.amount_fen = s.own_amount_fen + s.differentials.reduce((t, d) => t + d.amount_fen, 0);
  }
  return [...own.values()];
}

interface PayRow {
  id: number;
  agent_id: number;
  amount_fen: number;
  period_start: string;
  period_end: string;
}

/**
 * Pays these statements inside `tx` (the pass's auto-pay, a staff approval): the agents' member rows
 * locked in id order first (the turnover module's lock order: member rows, then ledger accounts),
 * their turnover requirements (amount × plan.turnover_multiple), one postMany from HOUSE.commission
 * under commissionKey, the statements marked 已发放 with their journals, a mail each.
 */
async function payStatements(tx: Transaction<Database>, rows: PayRow[], plan: CommissionPlan, house: number, now: Date, staffId: number | null): Promise<void> {
  if (rows.length === 0) return;
  const agents = [...new Set(rows.map((r) => r.agent_id))].sort((a, b) => a - b);
  await sql`SELECT id FROM members WHERE id = ANY(${agents}::bigint[]) ORDER BY id FOR NO KEY UPDATE`.execute(tx);
  await addTurnoverRequirements(tx, rows.map((r) => ({ memberId: r.agent_id, fen: r.amount_fen * plan.turnover_multiple, kind: 'commission', baseFen: r.amount_fen })));
  const wallets = await memberWalletIds(tx, agents);
  const paid = await postMany(
    tx,
    rows.map((r) => ({
      idemKey: commissionKey(r.id),
      kind: COMMISSION_JOURNAL_KIND,
      memo: memoOf(r.period_start, r.period_end),
      entries: [
        { accountId: house, amountFen: -r.amount_fen },
        { accountId: wallets.get(r.agent_id)!, amountFen: r.amount_fen },
      ],
    })),
  );
  // The statement row is what decides (inserted or locked by this transaction): a key already used
  // would mean the ledger and the statements disagree, so nothing may be marked paid.
  if (paid.size !== rows.length) throw new Error('commission: a statement was paid already');
  await sql`
    UPDATE commission_statements s SET state = ${COMMISSION_STATE.paid}, journal_id = p.journal_id, reviewed_by = ${staffId}, reviewed_at = ${now}
    FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => paid.get(commissionKey(r.id))!)}::bigint[]) AS p(id, journal_id)
    WHERE s.id = p.id`.execute(tx);
  await sendMails(
    tx,
    rows.map((r) => {
      const v = { start: r.period_start, end: lastDayOf(r.period_end), amount: fenToYuan(r.amount_fen).toFixed(2), turnover: fenToYuan(r.amount_fen * plan.turnover_multiple).toFixed(2) };
      return { memberId: r.agent_id, title: COMMISSION_MAIL.paidTitle, content: fmt(plan.turnover_multiple > 0 ? COMMISSION_MAIL.paidContent : COMMISSION_MAIL.paidContentNoTurnover, v) };
    }),
  );
}

/**
 * Computes one CLOSED period (its first day, of the plan's period kind) for every agent: the module
 * comment's figures and formulas, statements written ON CONFLICT DO NOTHING, amounts up to
 * plan.auto_pay_max paid at once. Marks the period computed (commission_periods). Answers the
 * statements this call wrote (0 when another run had written them).
 */
export async function computeCommissionPeriod(db: Kdb, periodStart: string, now: Date = new Date(), plan?: CommissionPlan): Promise<{ written: number; paid: number }> {
  plan ??= await getCommissionPlan(db);
  const p = periodStartingOn(plan.period, periodStart);
  if (p.endAt.getTime() > now.getTime()) throw new Error(`commission: period ${periodStart} is not closed yet`);
  const house = await systemAccountId(db, HOUSE.commission);
  const statements = statementsOf(plan, await figuresOf(db, p, plan));
  const autoMaxFen = fenOfYuan(plan.auto_pay_max);
  let written = 0;
  let paidCount = 0;
  for (let i = 0; i < statements.length; i += COMMISSION_CHUNK) {
    const chunk = statements.slice(i, i + COMMISSION_CHUNK);
    await db.transaction().execute(async (tx) => {
      const rows = await tx
        .insertInto('commission_statements')
        .values(
          chunk.map((s) => ({
            agent_id: s.agent_id,
            period_start: p.start,
            period_end: p.end,
            model: plan.model,
            team_members: s.team_members,
            active_members: s.active_members,
            valid_fen: s.valid_fen,
            team_win_loss_fen: s.team_win_loss_fen,
            bonuses_fen: s.bonuses_fen,
            net_loss_fen: s.net_loss_fen,
            carried_in_fen: s.carried_in_fen,
            base_fen: s.base_fen,
            tier: s.tier,
            rate: s.rate,
            own_amount_fen: s.own_amount_fen,
            differentials: JSON.stringify(s.differentials),
            amount_fen: s.amount_fen,
            state: s.amount_fen === 0 ? COMMISSION_STATE.none : COMMISSION_STATE.pending,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['agent_id', 'period_start']).doNothing())
        .returning(['id', 'agent_id', 'amount_fen'])
        .execute();
      written += rows.length;
      const auto = rows
        .filter((r) => r.amount_fen > 0 && r.amount_fen <= autoMaxFen)
        .map((r) => ({ id: r.id, agent_id: r.agent_id, amount_fen: r.amount_fen, period_start: p.start, period_end: p.end }));
      await payStatements(tx, auto, plan, house, now, null);
      paidCount += auto.length;
    });
  }
  await db
    .insertInto('commission_periods')
    .values({ period_start: p.start, period_end: p.end, model: plan.model, statements: statements.length, computed_at: now })
    .onConflict((oc) => oc.column('period_start').doNothing())
    .execute();
  return { written, paid: paidCount };
}

/**
 * The agent's statement of the OPEN period (the one `now` is in) as it would read if the period
 * closed now: the same figures and formulas (figuresOf, statementsOf) for the agent and its
 * sub-agents; nothing is written. The agent portal's 预估佣金.
 */
export async function estimateCommission(db: Kdb, agentId: number, now: Date = new Date()): Promise<AgentOverview['estimate']> {
  const plan = await getCommissionPlan(db);
  const p = periodAt(plan.period, now);
  const s = statementsOf(plan, await figuresOf(db, p, plan, agentId)).find((x) => x.agent_id === agentId);
  return {
    period_start: p.start,
    period_end: lastDayOf(p.end),
    model: plan.model,
    base: fenToYuan(s?.base_fen ?? 0),
    active_members: s?.active_members ?? 0,
    tier: s?.tier ?? 0,
    rate: s?.rate ?? 0,
    amount: fenToYuan(s?.amount_fen ?? 0),
  };
}

// ---- staff decisions -----------------------------------------------------------------------------

export interface StatementRow {
  id: number;
  agent_id: number;
  period_start: string;
  period_end: string;
  amount_fen: number;
  state: number;
  journal_id: number | null;
  reason: string;
  reviewed_by: number | null;
  reviewed_at: Date | null;
}

/** Locks a 待审核 statement inside `tx`: 404 when unknown, 409 已处理 when decided already. */
async function lockPending(tx: Transaction<Database>, id: number): Promise<void> {
  const row = await tx.selectFrom('commission_statements').select('state').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(COMMISSION_MAIL.missing);
  if (row.state !== COMMISSION_STATE.pending) throw conflict();
}

/** A statement as the audit log records it (null when there is none). */
async function statementRow(tx: Transaction<Database>, id: number): Promise<StatementRow | null> {
  const r = await sql<StatementRow>`
    SELECT id, agent_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end,
           amount_fen, state, journal_id, reason, reviewed_by, reviewed_at
      FROM commission_statements WHERE id = ${id}`.execute(tx);
  const x = r.rows[0];
  if (!x) return null;
  return { ...x, id: Number(x.id), agent_id: Number(x.agent_id), amount_fen: Number(x.amount_fen), journal_id: x.journal_id === null ? null : Number(x.journal_id) };
}

const pendingStatements = { lock: lockPending, view: statementRow };

/**
 * Staff approve a 待审核 statement: paid as the pass pays (payStatements; the turnover multiple of
 * the plan in force at approval), exactly once — the statement row is locked first, so a second
 * decision, sequential or concurrent, is 409 已处理 and changes nothing. `record` writes the audit
 * row in the same transaction.
 */
export async function approveStatement(db: Kdb, id: number, opts: { staffId?: number | null; now?: Date; record?: ReviewRecorder<StatementRow> } = {}): Promise<StatementRow> {
  const now = opts.now ?? new Date();
  const plan = await getCommissionPlan(db);
  const house = await systemAccountId(db, HOUSE.commission);
  const { after } = await reviewPending(db, pendingStatements, id, (tx, _locked, before) => payStatements(tx, [before], plan, house, now, opts.staffId ?? null), opts.record);
  return after;
}

/** Staff reject a 待审核 statement with a reason the agent reads in a mail; once, as approveStatement. */
export async function rejectStatement(db: Kdb, id: number, reason: string, opts: { staffId?: number | null; now?: Date; record?: ReviewRecorder<StatementRow> } = {}): Promise<StatementRow> {
  const text = typeof reason === 'string' ? reason.trim() : '';
  const failure = staffReasonFailure(text, COMMISSION_MAIL.reason);
  if (failure) throw badRequest(failure);
  const now = opts.now ?? new Date();
  const { after } = await reviewPending(
    db,
    pendingStatements,
    id,
    async (tx, _locked, before) => {
      await tx
        .updateTable('commission_statements')
        .set({ state: COMMISSION_STATE.rejected, reason: text, reviewed_by: opts.staffId ?? null, reviewed_at: now })
        .where('id', '=', id)
        .execute();
      await sendMails(tx, [
        {
          memberId: before.agent_id,
          title: COMMISSION_MAIL.rejectedTitle,
          content: fmt(COMMISSION_MAIL.rejectedContent, { start: before.period_start, end: lastDayOf(before.period_end), amount: fenToYuan(before.amount_fen).toFixed(2), reason: text }),
        },
      ]);
    },
    opts.record,
  );
  return after;
}
