import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, PROMO_MSG, type ActivityRulesForm } from '@app/contract';
import { checkLedger } from '../src/modules/ledger/service.js';
import { attachServer, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, adminFile, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * The console's promotion editing: banner uploads (judged by their bytes, kept in
 * the database, served by every instance), activities (create, edit with sanitized HTML and rules,
 * 上架/下架, order) reaching the member app at once, activity types, the application queue's CSV,
 * who may do what, and the audit log.
 */
let s: TestServer;
let admin: string;
let operations: Staff;
let finance: Staff;
let support: Staff;
let typeId: number;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  operations = await newStaff(s, admin, 'operations');
  finance = await newStaff(s, admin, 'finance');
  support = await newStaff(s, admin, 'support');
  typeId = (await s.db.kysely.selectFrom('activity_types').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-a-tiny-test-image', 'ascii')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-test', 'ascii')]);
const WEBP = Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from([20, 0, 0, 0]), Buffer.from('WEBPVP8 test', 'ascii')]);
const GIF = Buffer.from('GIF89a-test-image', 'ascii');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'utf8');

async function upload(token: string, file: Buffer, opts: { filename?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(file)], { type: opts.type ?? 'image/png' }), opts.filename ?? 'banner.png');
  const res = await fetch(`${s.url}/admin/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return (await res.json()) as { code: number; message: string; data: any };
}

const FIXED_8: ActivityRulesForm = {
  eligibility: 'all',
  days: 0,
  min_amount: 0,
  frequency: 'once',
  payout: 'fixed',
  amount: 8,
  percent: 0,
  cap: 0,
  turnover_multiple: 3,
  auto_approve: false,
  stack_with_others: false,
  ends_at: '',
};

let bannerUrl = '';
function activityBody(over: Record<string, unknown> = {}) {
  return { type_id: typeId, title: '新春加赠', banner: bannerUrl, content: '<p>活动内容</p>', memo: '<ol><li>规则一</li></ol>', enabled: true, sort: 0, ...over };
}

async function memberList(type = 0) {
  const r = await s.api('/api/activitylist', { type, page: 1 });
  expect(r.code).toBe(200);
  return r.data.data as Array<{ id: number; title: string; banner: string; content: string; memo: string; type: number }>;
}

describe('banner uploads', () => {
  it('stores a PNG in the database and serves it at /uploads/site/<id>.png with a year-long cache, from another instance too', async () => {
    const r = await upload(operations.token, PNG);
    expect(r).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.uploaded, data: { kind: 'png', bytes: PNG.length } });
    expect(r.data.url).toBe(`/uploads/site/${r.data.id}.png`);
    bannerUrl = r.data.url;
    const row = await s.db.kysely.selectFrom('uploads').select(['kind', 'bytes', 'uploaded_by']).where('id', '=', r.data.id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.bytes).equals(PNG)).toBe(true);
    expect(row.uploaded_by).toBe(operations.id);
    const other = await attachServer(s);
    try {
      for (const base of [s.url, other.url]) {
        const res = await fetch(base + r.data.url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      }
    } finally {
      await other.close();
    }
    const [audit] = await auditRows(s, 'upload.create', `upload:${r.data.id}`);
    expect(audit).toMatchObject({ staff_name: operations.username });
  });

  it('takes JPEG, WEBP and GIF by their first bytes, whatever the name says', async () => {
    for (const [bytes, kind, ext, mime] of [
      [JPEG, 'jpeg', 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'webp', 'image/webp'],
      [GIF, 'gif', 'gif', 'image/gif'],
    ] as const) {
      const r = await upload(operations.token, bytes, { filename: 'x.png', type: 'image/png' });
      expect(r.data).toMatchObject({ kind, url: `/uploads/site/${r.data.id}.${ext}` });
      const res = await fetch(s.url + r.data.url);
      expect(res.headers.get('content-type')).toBe(mime);
      // the same id under another extension is not that file
      expect((await fetch(`${s.url}/uploads/site/${r.data.id}.png`)).status).toBe(404);
    }
  });

  it('refuses SVG, text named .png, an empty or missing file and more than 2 MB', async () => {
    expect(await upload(operations.token, SVG, { filename: 'a.svg', type: 'image/svg+xml' })).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.uploadType });
    expect(await upload(operations.token, Buffer.from('just text'), { filename: 'a.png' })).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.uploadType });
    expect(await upload(operations.token, PNG, { field: 'other' })).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.uploadMissing });
    const big = Buffer.concat([PNG, Buffer.alloc(PROMO_ADMIN_LIMITS.uploadMaxBytes)]);
    expect(await upload(operations.token, big)).toMatchObject({ code: 400, message: fmt(PROMO_ADMIN_MSG.uploadTooLarge, { mb: 2 }) });
    const json = await adminCall(s, operations.token, 'POST', '/uploads', { file: 'x' });
    expect(json).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.uploadMissing });
    expect((await fetch(`${s.url}/uploads/site/999999999.png`)).status).toBe(404);
  });

  it('needs promotions.manage', async () => {
    expect(await upload(support.token, PNG)).toMatchObject({ code: 403 });
    expect(await upload(finance.token, PNG)).toMatchObject({ code: 403 });
  });
});

describe('activities', () => {
  let id: number;

  it('refuses a form that breaks a rule, with the first rule broken', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type_id: '' }, PROMO_ADMIN_MSG.type],
      [{ title: '  ' }, fmt(PROMO_ADMIN_MSG.title, { max: 50 })],
      [{ title: '长'.repeat(51) }, fmt(PROMO_ADMIN_MSG.title, { max: 50 })],
      [{ banner: '' }, PROMO_ADMIN_MSG.banner],
      [{ banner: 'https://evil.example/x.png' }, PROMO_ADMIN_MSG.banner],
      [{ banner: '/uploads/site/1.svg' }, PROMO_ADMIN_MSG.banner],
      [{ content: '<p> </p>' }, fmt(PROMO_ADMIN_MSG.content, { max: PROMO_ADMIN_LIMITS.htmlMax })],
      [{ sort: -1 }, fmt(PROMO_ADMIN_MSG.sort, { max: PROMO_ADMIN_LIMITS.sortMax })],
      [{ rules: { ...FIXED_8, amount: 0 } }, fmt(PROMO_MSG.ruleAmount, { max: 1_000_000 })],
      [{ type_id: 999_999 }, PROMO_ADMIN_MSG.typeMissing],
    ];
    for (const [over, message] of cases) {
      expect(await adminCall(s, operations.token, 'POST', '/activities', activityBody(over)), JSON.stringify(over)).toMatchObject({ code: 400, message });
    }
  });

  it('creates an activity with sanitized HTML and rules; the member app lists it at once; audited', async () => {
    const r = await adminCall(s, operations.token, 'POST', '/activities', {
      ...activityBody({ title: ' 周末加赠 ', sort: 0 }),
      content: '<p onclick="steal()">周末<b>加赠</b><script>alert(1)</script><img src=x onerror=alert(2)></p>',
      memo: '<ol><li style="color:red">每人一次</li>\n<li><a href="javascript:alert(3)">三倍流水</a></li></ol>',
      rules: FIXED_8,
    });
    expect(r).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.created });
    id = r.data.id;
    expect(r.data).toMatchObject({
      title: '周末加赠',
      banner: bannerUrl,
      type_id: typeId,
      enabled: true,
      content: '<p>周末<b>加赠</b></p>',
      memo: '<ol><li>每人一次</li>\n<li>三倍流水</li></ol>',
      rules: FIXED_8,
      rules_text: '所有会员 · 每人限一次 · 彩金8元 · 3倍流水 · 人工审核',
      pending: 0,
    });
    const listed = (await memberList()).find((a) => a.id === id);
    expect(listed).toMatchObject({ title: '周末加赠', banner: bannerUrl, content: '<p>周末<b>加赠</b></p>', type: typeId });
    const detail = await s.api('/api/activitydeatil', { id });
    expect(detail.data.memo).toBe('<ol><li>每人一次</li>\n<li>三倍流水</li></ol>');
    const [audit] = await auditRows(s, 'activity.create', `activity:${id}`);
    expect(audit).toMatchObject({ staff_name: operations.username, before: null });
    expect(audit.after).toMatchObject({ title: '周末加赠', rules: FIXED_8 });
  });

  it('a member applies under those rules, and the queue exports the application as CSV', async () => {
    const m = await registerMember(s);
    expect(await s.api('/api/doactivityapply', { activityid: id }, { token: m.token })).toMatchObject({ code: 200, message: PROMO_MSG.submitted });
    const f = await adminFile(s, support.token, `/activity-applications.csv?state=0&activity_id=${id}`);
    expect(f.status).toBe(200);
    expect(f.type).toMatch(/^text\/csv/);
    expect(f.disposition).toBe('attachment; filename="activity-applications-0.csv"');
    expect([...f.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = f.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('申请ID,会员ID,会员账号,活动,周期,状态,彩金(元),流水要求(元),存款单号,存款金额(元),申请时间,审核人,审核时间,原因');
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    expect(cells.slice(2, 10)).toEqual([m.name, '周末加赠', 'once', '审核中', '8.00', '24.00', '', '']);
    expect(cells[10]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // the same filter on another state is just the header; a member's keyword narrows it
    expect((await adminFile(s, support.token, `/activity-applications.csv?state=1&activity_id=${id}`)).text.trimEnd().split('\r\n')).toHaveLength(1);
    expect((await adminFile(s, support.token, `/activity-applications.csv?keyword=${m.name}`)).text).toContain('周末加赠');
    expect((await adminFile(s, support.token, '/activity-applications.csv?state=7')).envelope).toMatchObject({ code: 400 });
    expect((await adminFile(s, m.token, '/activity-applications.csv')).envelope).toMatchObject({ code: 401 });
    // the list shows the pending count
    const list = await adminCall(s, support.token, 'GET', '/activities');
    expect(list.data.find((a: { id: number }) => a.id === id)).toMatchObject({ pending: 1 });
  });

  it('edits an activity (texts, banner, rules cleared) with before and after in the audit log', async () => {
    const gif = await upload(operations.token, GIF);
    const r = await adminCall(s, operations.token, 'POST', `/activities/${id}`, { ...activityBody({ title: '周末加赠（新）', banner: gif.data.url, content: '<h3>新内容</h3>' }), rules: null });
    expect(r).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.saved, data: { title: '周末加赠（新）', banner: gif.data.url, content: '<h3>新内容</h3>', rules: null, rules_text: '' } });
    expect((await memberList()).find((a) => a.id === id)).toMatchObject({ title: '周末加赠（新）', banner: gif.data.url });
    const [audit] = await auditRows(s, 'activity.update', `activity:${id}`);
    expect(audit.before).toMatchObject({ title: '周末加赠', rules: FIXED_8 });
    expect(audit.after).toMatchObject({ title: '周末加赠（新）', rules: null });
    // rules left out are left as they are
    await adminCall(s, operations.token, 'POST', `/activities/${id}/rules`, { rules: FIXED_8 });
    const kept = await adminCall(s, operations.token, 'POST', `/activities/${id}`, activityBody({ title: '周末加赠（新）', banner: gif.data.url }));
    expect(kept.data.rules).toEqual(FIXED_8);
    expect((await adminCall(s, operations.token, 'GET', `/activities/${id}`)).data).toMatchObject({ content: '<p>活动内容</p>', memo: '<ol><li>规则一</li></ol>' });
    expect(await adminCall(s, operations.token, 'POST', '/activities/999999', activityBody())).toMatchObject({ code: 404, message: PROMO_MSG.activityMissing });
  });

  it('下架 takes it out of the member app and refuses applications; 上架 brings it back', async () => {
    const off = await adminCall(s, operations.token, 'POST', `/activities/${id}/state`, { enabled: false });
    expect(off).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.disabled, data: { enabled: false } });
    expect((await memberList()).some((a) => a.id === id)).toBe(false);
    expect(await s.api('/api/activitydeatil', { id })).toMatchObject({ code: 404 });
    const m = await registerMember(s);
    expect(await s.api('/api/doactivityapply', { activityid: id }, { token: m.token })).toMatchObject({ message: PROMO_MSG.missing });
    // still in the console's list
    expect((await adminCall(s, support.token, 'GET', '/activities')).data.find((a: { id: number }) => a.id === id)).toMatchObject({ enabled: false });
    expect(await adminCall(s, operations.token, 'POST', `/activities/${id}/state`, { enabled: true })).toMatchObject({ message: PROMO_ADMIN_MSG.enabled });
    expect((await memberList()).some((a) => a.id === id)).toBe(true);
    const rows = await auditRows(s, 'activity.state', `activity:${id}`);
    expect(rows.map((r) => (r.after as { enabled: boolean }).enabled)).toEqual([false, true]);
  });

  it('orders the whole list; an out-of-date list is refused with 409', async () => {
    const all = (await adminCall(s, support.token, 'GET', '/activities')).data as Array<{ id: number }>;
    const ids = all.map((a) => a.id);
    const reversed = [...ids].reverse();
    expect(await adminCall(s, operations.token, 'POST', '/activities/order', { ids: reversed.slice(1) })).toMatchObject({ code: 409, message: PROMO_ADMIN_MSG.orderMismatch });
    expect(await adminCall(s, operations.token, 'POST', '/activities/order', { ids: [ids[0], ids[0]] })).toMatchObject({ code: 400 });
    expect(await adminCall(s, operations.token, 'POST', '/activities/order', { ids: reversed })).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.ordered });
    const after = (await adminCall(s, support.token, 'GET', '/activities')).data as Array<{ id: number; sort: number }>;
    expect(after.map((a) => a.id)).toEqual(reversed);
    expect(after.map((a) => a.sort)).toEqual(reversed.map((_, i) => (i + 1) * 10));
    const enabledOrder = after.map((a) => a.id);
    const member = (await memberList()).map((a) => a.id);
    expect(member).toEqual(enabledOrder.filter((x) => member.includes(x)));
    expect(member[0]).toBe(enabledOrder.find((x) => member.includes(x)));
    expect(await auditRows(s, 'activity.order', 'activities')).toHaveLength(1);
  });

  it('who may: support reads only, finance reviews but does not edit', async () => {
    for (const t of [support.token, finance.token]) {
      expect(await adminCall(s, t, 'GET', '/activities')).toMatchObject({ code: 200 });
      expect(await adminCall(s, t, 'GET', '/activity-types')).toMatchObject({ code: 200 });
      expect(await adminCall(s, t, 'POST', '/activities', activityBody())).toMatchObject({ code: 403 });
      expect(await adminCall(s, t, 'POST', `/activities/${id}`, activityBody())).toMatchObject({ code: 403 });
      expect(await adminCall(s, t, 'POST', `/activities/${id}/state`, { enabled: false })).toMatchObject({ code: 403 });
      expect(await adminCall(s, t, 'POST', '/activities/order', { ids: [id] })).toMatchObject({ code: 403 });
      expect(await adminCall(s, t, 'POST', '/activity-types', { name: 'x' })).toMatchObject({ code: 403 });
    }
    expect((await s.db.kysely.selectFrom('activities').select('enabled').where('id', '=', id).executeTakeFirstOrThrow()).enabled).toBe(true);
  });
});

describe('activity types', () => {
  it('creates, renames and orders types; the member app shows them in that order', async () => {
    const c = await adminCall(s, operations.token, 'POST', '/activity-types', { name: ' 节日活动 ' });
    expect(c).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.typeCreated, data: { name: '节日活动', activities: 0 } });
    expect(await adminCall(s, operations.token, 'POST', '/activity-types', { name: '节日活动' })).toMatchObject({ code: 409, message: PROMO_ADMIN_MSG.typeNameTaken });
    expect(await adminCall(s, operations.token, 'POST', '/activity-types', { name: '' })).toMatchObject({ code: 400, message: fmt(PROMO_ADMIN_MSG.typeName, { max: 20 }) });
    expect(await adminCall(s, operations.token, 'POST', '/activity-types', { name: '长'.repeat(21) })).toMatchObject({ code: 400 });
    const renamed = await adminCall(s, operations.token, 'POST', `/activity-types/${c.data.id}`, { name: '节日专享' });
    expect(renamed).toMatchObject({ code: 200, data: { id: c.data.id, name: '节日专享' } });
    const existing = (await adminCall(s, support.token, 'GET', '/activity-types')).data as Array<{ id: number; name: string; activities: number }>;
    expect(existing.find((t) => t.id === typeId)!.activities).toBeGreaterThan(0);
    const other = existing.find((t) => t.id !== c.data.id && t.id !== typeId);
    if (other) expect(await adminCall(s, operations.token, 'POST', `/activity-types/${c.data.id}`, { name: other.name })).toMatchObject({ code: 409 });
    const ids = [c.data.id, ...existing.map((t) => t.id).filter((x) => x !== c.data.id)];
    expect(await adminCall(s, operations.token, 'POST', '/activity-types/order', { ids })).toMatchObject({ code: 200 });
    const member = await s.api('/api/activitytype');
    expect((member.data as Array<{ id: number; name: string }>).map((t) => t.id)).toEqual(ids);
    expect(member.data[0].name).toBe('节日专享');
    expect(await auditRows(s, 'activity_type.create', `activity_type:${c.data.id}`)).toHaveLength(1);
    const [upd] = await auditRows(s, 'activity_type.update', `activity_type:${c.data.id}`);
    expect(upd.before).toMatchObject({ name: '节日活动' });
    expect(upd.after).toMatchObject({ name: '节日专享' });
  });
});

describe('the books', () => {
  it('the ledger check passes', async () => {
    const check = await checkLedger(s.db.kysely);
    expect(check.mismatches).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
