/**
 * The console's promotion editing: activities and activity types written by staff,
 * and the banner images they upload. The limits and their messages live here, read by the server's
 * schemas (promotions.schemas.ts) and by the console's forms, so both refuse with the same words.
 * The application rules themselves are promotions.ts (ActivityRulesForm, activityRulesFailure).
 */
import { fmt } from '../shared/messages.js';
import { CONTENT_IMAGE_RE } from '../shared/regex.js';
import { charCount, isIntAsSentIn } from '../shared/rules.js';
import type { ActivityRulesForm, AdminActivity } from './promotions.js';

export const PROMO_ADMIN_LIMITS = {
  titleMax: 50,
  typeNameMax: 20,
  /** the activity's content and rules text, HTML (the server's sanitizer refuses more) */
  htmlMax: 100_000,
  sortMax: 99_999,
  /** one order request: at most this many ids */
  orderMax: 500,
  typesMax: 50,
  /** a banner image, bytes */
  uploadMaxBytes: 2 * 1024 * 1024,
  /** the queue's CSV export */
  exportMaxRows: 20_000,
} as const;

/** Images a banner may be: judged by the file's first bytes, never its name or declared type. No SVG (it is a document that may carry script). */
export const UPLOAD_KINDS = ['png', 'jpeg', 'webp', 'gif'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_MIME: Record<UploadKind, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
/**
 * Where uploads are served: /uploads/site/<id>.<ext> (jpeg as .jpg), beside the members' avatars that
 * the disk serves under /uploads/.
 */
export const UPLOAD_PATH = '/uploads/site/';
export const UPLOAD_EXT: Record<UploadKind, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };
/** The multipart field the console sends the file in. */
export const UPLOAD_FIELD = 'file';


export const PROMO_ADMIN_MSG = {
  title: '活动标题须为1~{max}个字符',
  type: '请选择活动类型',
  typeMissing: '活动类型不存在',
  banner: '请上传活动图片',
  content: '活动内容不能为空（不超过{max}个字符）',
  memo: '活动规则不超过{max}个字符',
  sort: '排序须为0~{max}之间的整数',
  typeName: '类型名称须为1~{max}个字符',
  typeNameTaken: '已有同名的活动类型',
  typesFull: '活动类型最多{max}个',
  order: '排序列表须为不重复的ID（最多{max}个）',
  orderMismatch: '排序列表与现有记录不一致，请刷新后重试',
  created: '活动已创建',
  saved: '活动已保存',
  enabled: '活动已上架',
  disabled: '活动已下架',
  ordered: '排序已保存',
  typeCreated: '活动类型已创建',
  typeSaved: '活动类型已保存',
  uploadMissing: '请选择要上传的图片',
  uploadType: '仅支持 PNG、JPG、WEBP、GIF 图片',
  uploadTooLarge: '图片不能超过{mb}MB',
  uploaded: '图片已上传',
  exportTooMany: '符合条件的记录超过{max}条，请缩小筛选范围后导出',
} as const;

/** The editor's fields of an activity (POST /admin/api/activities, /activities/:id). */
export interface ActivityForm {
  type_id: number;
  title: string;
  /** /uploads/site/<id>.<ext> from POST /admin/api/uploads, or an /assets/ path */
  banner: string;
  /** HTML, sanitized by the server on write */
  content: string;
  /** the rules text shown to members, HTML, sanitized on write */
  memo: string;
  enabled: boolean;
  sort: number;
  /** the application rules; null: no application; absent: left as they are */
  rules?: ActivityRulesForm | null;
}


/** The first thing wrong with an activity's own fields (not its rules), in the form's order, or null. */
export function activityFormFailure(f: Partial<Record<keyof ActivityForm, unknown>>): string | null {
  const L = PROMO_ADMIN_LIMITS;
  if (!isIntAsSentIn(f.type_id, 1, 2 ** 31 - 1)) return PROMO_ADMIN_MSG.type;
  const title = charCount(f.title);
  if (title < 1 || title > L.titleMax) return fmt(PROMO_ADMIN_MSG.title, { max: L.titleMax });
  if (typeof f.banner !== 'string' || !CONTENT_IMAGE_RE.test(f.banner)) return PROMO_ADMIN_MSG.banner;
  const content = typeof f.content === 'string' ? f.content.replace(/<[^>]*>|&nbsp;|\s/g, '') : '';
  if (!content || (f.content as string).length > L.htmlMax) return fmt(PROMO_ADMIN_MSG.content, { max: L.htmlMax });
  if (f.memo !== undefined && (typeof f.memo !== 'string' || f.memo.length > L.htmlMax)) return fmt(PROMO_ADMIN_MSG.memo, { max: L.htmlMax });
  if (f.sort !== undefined && !isIntAsSentIn(f.sort, 0, L.sortMax)) return fmt(PROMO_ADMIN_MSG.sort, { max: L.sortMax });
  return null;
}

export function activityTypeNameFailure(name: unknown): string | null {
  const n = charCount(name);
  return n < 1 || n > PROMO_ADMIN_LIMITS.typeNameMax ? fmt(PROMO_ADMIN_MSG.typeName, { max: PROMO_ADMIN_LIMITS.typeNameMax }) : null;
}

/** An activity as the editor opens it (GET /admin/api/activities/:id): the list's row with its texts. */
export interface AdminActivityDetail extends AdminActivity {
  content: string;
  memo: string;
}

/** An activity type (GET /admin/api/activity-types), with how many activities use it. */
export interface AdminActivityType {
  id: number;
  name: string;
  sort: number;
  activities: number;
}

/** POST /admin/api/uploads data. */
export interface UploadResult {
  id: number;
  /** the public path, /uploads/site/<id>.<ext> */
  url: string;
  kind: UploadKind;
  bytes: number;
}
