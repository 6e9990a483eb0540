import { z } from 'zod';
import { ADMIN_LIMITS } from '../shared/constants.js';
import { staffReasonFailure } from '../shared/rules.js';
import { fmt, MSG, ADMIN_MSG, LOTTERY_MSG } from '../shared/messages.js';
import { CHAT_LIMITS } from '../lottery/chat.js';
import { PAY_METHODS } from '../account/cards.js';
import { reviewReasonFailure } from '../wallet/wallet.js';
import { form, int, numberAsSent, pageNumber, secret, staffNote, text } from '../shared/validation.js';
import {
  adjustAmountFailure,
  payRangeFailure,
  receivingAccountRules,
  STAFF_ROLES,
  staffCreateRules,
  staffLoginRules,
  staffPasswordFailure,
  turnoverMultipleFailure,
} from './staff.js';
import { LOYALTY_ADMIN_LIMITS, LOYALTY_ADMIN_MSG, TIER_MONEY_FIELDS, vipTiersFailure } from '../loyalty/loyalty.admin.js';
import { STAFF_2FA_MSG, STAFF_DISPLAY_NAME, STAFF_NAME_MSG, staffDisplayNameFailure, TOTP_CODE_RE } from './security.js';
import { REBATE_CATEGORIES } from '../loyalty/rebate.js';
import { adjustCategoryFailure } from './finance-desk.js';

/** Request schemas of /admin/api: shapes coerce, then the back-office rules in staff.ts decide. */

const id = () => int(1, Number.MAX_SAFE_INTEGER);
const flag = () => z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => Number(v) as 0 | 1);

/** Runs one failure function as the schema's last check, with its own message. */
function refined<S extends z.ZodRawShape>(shape: S, failure: (v: z.infer<z.ZodObject<S>>) => string | null) {
  return z.object(shape).superRefine((value, ctx) => {
    const message = failure(value as z.infer<z.ZodObject<S>>);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

export const idParams = z.object({ id: id() });

/** code and captcha_id are needed only when the server asked for a captcha (LoginRefusal). */
export const staffLoginSchema = form({ username: text(64), password: secret(), code: text(16), captcha_id: text(64), otp: text(8) }, staffLoginRules);

export const ownPasswordSchema = form({ old_password: secret(), password: secret() }, [
  [(v) => !v.old_password, MSG.oldPasswordEmpty],
  [(v) => staffPasswordFailure(v.password) !== null, ADMIN_MSG.staffPassword],
  [(v) => v.password === v.old_password, MSG.passwordSame],
]);

/** POST /admin/api/2fa/enable {code}; /2fa/disable {password, code} (security.ts). */
export const totpCodeSchema = form({ code: text(8) }, [[(v) => !TOTP_CODE_RE.test(v.code), STAFF_2FA_MSG.code]]);
export const totpDisableSchema = form({ password: secret(), code: text(8) }, [
  [(v) => !v.password, MSG.oldPasswordEmpty],
  [(v) => !TOTP_CODE_RE.test(v.code), STAFF_2FA_MSG.code],
]);
/** POST /admin/api/security {totp_required}. */
export const staffSecuritySchema = z.object({ totp_required: z.boolean() });

export const pageQuery = z.object({ page: pageNumber() });

/** Deposit and withdrawal queues: state 1 pending, 2 approved, 3 rejected, empty for all. */
export const orderListQuery = z.object({
  state: z.preprocess((v) => (v === '' ? undefined : v), int(1, 3).optional()),
  keyword: text(ADMIN_LIMITS.keywordMax),
  page: pageNumber(),
});

export const reviewRejectSchema = refined({ reason: staffNote() }, (v) => reviewReasonFailure(v.reason));

export const memberListQuery = z.object({ keyword: text(ADMIN_LIMITS.keywordMax), page: pageNumber() });

export const adjustSchema = refined(
  {
    amount: numberAsSent(),
    /** ADJUST_CATEGORIES: 奖金, 补偿, 更正 */
    category: z.string().max(40).default(''),
    reason: staffNote(),
    turnover_multiple: z.union([z.number(), z.string().max(40), z.null()]).optional(),
    /** the console's id for one adjustment dialog: a repeated submit answers 已处理 */
    request_id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/).optional().catch(undefined),
  },
  (v) => adjustAmountFailure(v.amount) ?? adjustCategoryFailure(v.category) ?? staffReasonFailure(v.reason) ?? turnoverMultipleFailure(v.turnover_multiple, v.amount),
);

export const memberStateSchema = z.object({ state: flag() });

export const payMethodParams = z.object({ code: z.enum(PAY_METHODS) });

export const payMethodSchema = refined({ enabled: z.boolean(), min: numberAsSent(), max: numberAsSent() }, (v) => payRangeFailure(v.min, v.max));

const field = (max: number) => z.string().trim().max(max * 4);
const receivingShape = {
  method: z.enum(PAY_METHODS),
  bank_name: field(ADMIN_LIMITS.fieldMax),
  bank_no: field(ADMIN_LIMITS.fieldMax),
  bank_owner: field(ADMIN_LIMITS.fieldMax),
  bank_address: field(ADMIN_LIMITS.fieldMax),
  mch_id: field(ADMIN_LIMITS.fieldMax),
  content: field(ADMIN_LIMITS.fieldMax),
  payimg: field(ADMIN_LIMITS.imageUrlMax),
  enabled: z.boolean(),
  sort: int(0, 9999),
};

/** A new account: absent text fields are empty, enabled by default, sorted first. */
export const receivingCreateSchema = form(
  {
    ...receivingShape,
    bank_name: receivingShape.bank_name.default(''),
    bank_no: receivingShape.bank_no.default(''),
    bank_owner: receivingShape.bank_owner.default(''),
    bank_address: receivingShape.bank_address.default(''),
    mch_id: receivingShape.mch_id.default(''),
    content: receivingShape.content.default(''),
    payimg: receivingShape.payimg.default(''),
    enabled: receivingShape.enabled.default(true),
    sort: receivingShape.sort.default(0),
  },
  receivingAccountRules,
);

/** An update names only what changes; the merged account then passes the same rules. */
export const receivingUpdateSchema = z.object(receivingShape).partial();

/** display_name may be left empty: the server then names the new staff member 客服<id>. */
export const staffCreateSchema = form({ username: text(64), password: secret(), role: text(20), display_name: text(STAFF_DISPLAY_NAME.max) }, [
  ...staffCreateRules,
  [(v) => staffDisplayNameFailure(v.display_name, true) !== null, STAFF_NAME_MSG.displayName],
]);

export const staffDisplayNameSchema = form({ display_name: text(STAFF_DISPLAY_NAME.max) }, [[(v) => staffDisplayNameFailure(v.display_name) !== null, STAFF_NAME_MSG.displayName]]);

export const staffPasswordSchema = refined({ password: secret() }, (v) => staffPasswordFailure(v.password));

export const staffRoleSchema = form({ role: text(20) }, [[(v) => !(STAFF_ROLES as readonly string[]).includes(v.role), ADMIN_MSG.staffRole]]);

export const staffStateSchema = z.object({ state: flag() });

export const auditQuery = z.object({
  page: pageNumber(),
  staff: text(ADMIN_LIMITS.usernameMax),
  action: text(40),
});

// ---- lottery rooms: chat moderation and odds ----------------------------------------------------

export const chatListQuery = z.object({
  room_id: int(0, 2 ** 31 - 1).catch(0).default(0),
  keyword: text(ADMIN_LIMITS.keywordMax),
  page: pageNumber(),
});

export const chatDeleteSchema = z.object({ reason: staffNote() });

/** minutes: 0 = until lifted; the reason is required (it shows in the audit log). */
export const muteSchema = refined({ minutes: z.union([z.number(), z.string().max(20)]).default(''), reason: staffNote() }, (v) => {
  const minutes = Number(v.minutes);
  if (v.minutes === '' || !Number.isInteger(minutes) || minutes < 0 || minutes > CHAT_LIMITS.muteMaxMinutes) {
    return fmt(LOTTERY_MSG.chatMuteMinutes, { max: CHAT_LIMITS.muteMaxMinutes });
  }
  return staffReasonFailure(v.reason, LOTTERY_MSG.chatMuteReason);
});

export const lotteryCodeParams = z.object({ code: text(40) });

/** The whole odds table of one lottery (play id → decimal odds); the engine's validateOdds decides. */
export const oddsSchema = z.object({ odds: z.record(z.string().max(40), z.unknown()) });

// ---- loyalty: VIP tiers, a member's level, rebate days and records -----------------------------

const tierShape = z.object({
  level: int(1, 10),
  name: z.string().max(LOYALTY_ADMIN_LIMITS.tierNameMax * 4).default(''),
  ...Object.fromEntries([...TIER_MONEY_FIELDS.map(([f]) => f), ...REBATE_CATEGORIES].map((f) => [f, numberAsSent()])),
});
/** The whole table of ten tiers in one request (vipTiersFailure decides). */
export const vipTiersSchema = z
  .object({ tiers: z.array(tierShape).max(20) })
  .superRefine((v, ctx) => {
    const message = vipTiersFailure(v.tiers as Array<Record<string, unknown>>);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A manual level change: the level, then a reason for the audit log and the history. */
export const memberVipSchema = refined(
  { level: z.union([z.number(), z.string().max(20)]).default(''), reason: staffNote() },
  (v) => {
    const level = Number(v.level);
    if (v.level === '' || !Number.isInteger(level) || level < 1 || level > 10) return LOYALTY_ADMIN_MSG.vipLevel;
    return staffReasonFailure(v.reason, LOYALTY_ADMIN_MSG.vipReason);
  },
);

/** YYYY-MM-DD or empty. */
const day = () => z.string().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/, LOYALTY_ADMIN_MSG.dayRange).default('');

export const rebateDaysQuery = z.object({ from: day(), to: day(), page: pageNumber() });

export const rebateRecordsQuery = z.object({
  from: day(),
  to: day(),
  keyword: text(ADMIN_LIMITS.keywordMax),
  category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REBATE_CATEGORIES).optional()),
  platform: text(40),
  state: z.preprocess((v) => (v === '' ? undefined : v), int(0, 1).optional()),
  page: pageNumber(),
});
