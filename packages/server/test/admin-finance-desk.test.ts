import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADJUST_CATEGORY_LABELS, ADMIN_LIMITS, CODE, fmt, FINANCE_DESK_MSG, MSG, ADMIN_MSG, PROMO_ADMIN_MSG, type AdminApproval } from '@app/contract';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { figuresOf, setTurnoverRequirement } from './figures-support.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, adminFile, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * The finance desk: adjustment categories and the member's mail; maker–checker for
 * adjustments above the staff-set threshold and for receiving-account changes.
 */
let s: TestServer;
let admin: string;
let finance: Staff;
let finance2: Staff;
let operations: Staff;
let support: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  finance2 = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

const as = (who: Staff | string) => (typeof who === 'string' ? who : who.token);
const get = (who: Staff | string, path: string) => adminCall(s, as(who), 'GET', path);
const post = (who: Staff | string, path: string, body?: unknown) => adminCall(s, as(who), 'POST', path, body);
const adjust = (id: number, body: Record<string, unknown>, who: Staff | string = finance) => post(who, `/members/${id}/adjust`, body);

async function member() {
  const m = await registerMember(s, uniqueName('fd'));
  return { ...m, id: await memberIdOf(s, m.token) };
}
/** The member's adjustment mails (registration sends a welcome one too). */
const mails = async (token: string) => ((await s.api('/api/message/list', { page: 1 }, { token })).data.data as { title: string; content: string }[]).filter((x) => x.title === FINANCE_DESK_MSG.adjustMailTitle);
const journalCount = async () => Number((await s.db.kysely.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const approvalRow = (id: number) => s.db.kysely.selectFrom('staff_approvals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const THRESHOLD = 5000; // the fresh install's default (ADJUST_REVIEW_DEFAULT_YUAN)

describe('adjustment categories and the member mail', () => {
  it.each([
    [{ amount: 10, reason: '原因' }],
    [{ amount: 10, category: 'gift', reason: '原因' }],
    [{ amount: 10, category: '', reason: '原因' }],
  ])('refuses %j with 请选择调整类别 and moves nothing', async (body) => {
    const m = await member();
    const journals = await journalCount();
    expect(await adjust(m.id, body)).toMatchObject({ code: 400, message: FINANCE_DESK_MSG.adjustCategory });
    expect(await journalCount()).toBe(journals);
    expect(await mails(m.token)).toEqual([]);
  });

  it('mails the member the amount, the category and the reason, audited with the category', async () => {
    const m = await member();
    const r = await adjust(m.id, { amount: 66.5, category: 'bonus', reason: '周年庆奖金' });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.adjustDone, data: { balance: 66.5 } });
    expect(await adjust(m.id, { amount: -6.5, category: 'correction', reason: '多发更正' })).toMatchObject({ code: 200, data: { balance: 60 } });
    const inbox = await mails(m.token);
    expect(inbox.map((x) => [x.title, x.content])).toEqual([
      [FINANCE_DESK_MSG.adjustMailTitle, '您的账户已扣款6.50元（类别：更正）。原因：多发更正'],
      [FINANCE_DESK_MSG.adjustMailTitle, '您的账户已加款66.50元（类别：奖金）。原因：周年庆奖金'],
    ]);
    expect(ADJUST_CATEGORY_LABELS).toEqual({ bonus: '奖金', compensation: '补偿', correction: '更正' });
    const rows = await auditRows(s, 'member.adjust', `member:${m.id}`);
    expect(rows.map((x) => (x.after as { category: string }).category)).toEqual(['bonus', 'correction']);
  });

  it('a refused debit (余额不足) sends no mail', async () => {
    const m = await member();
    expect(await adjust(m.id, { amount: -1, category: 'correction', reason: '扣回' })).toMatchObject({ code: 400, message: MSG.insufficientBalance });
    expect(await mails(m.token)).toEqual([]);
  });
});

describe('the review threshold', () => {
  it('is read by finance and set only by super, validated and audited', async () => {
    expect(await get(finance, '/finance-settings')).toMatchObject({ code: 200, data: { adjust_review_threshold: THRESHOLD } });
    expect(await get(support, '/finance-settings')).toMatchObject({ code: 403 });
    expect(await post(finance, '/finance-settings', { adjust_review_threshold: 100 })).toMatchObject({ code: 403 });
    const bad = fmt(FINANCE_DESK_MSG.thresholdInvalid, { max: ADMIN_LIMITS.adjustMaxYuan });
    for (const v of [-1, 'abc', 1.234, ADMIN_LIMITS.adjustMaxYuan + 1, '']) expect(await post(admin, '/finance-settings', { adjust_review_threshold: v })).toMatchObject({ code: 400, message: bad });
    expect(await post(admin, '/finance-settings', { adjust_review_threshold: '8000.5' })).toMatchObject({ code: 200, message: ADMIN_MSG.saved, data: { adjust_review_threshold: 8000.5 } });
    const rows = await auditRows(s, 'finance.settings', 'finance:settings');
    expect(rows.at(-1)).toMatchObject({ staff_name: 'admin', before: { adjust_review_threshold: THRESHOLD }, after: { adjust_review_threshold: 8000.5 } });
    expect(await post(admin, '/finance-settings', { adjust_review_threshold: THRESHOLD })).toMatchObject({ code: 200 });
  });
});

describe('maker–checker: adjustments above the threshold', () => {
  async function requested(m: { id: number }, amount: number, who: Staff = finance, extra: Record<string, unknown> = {}) {
    const r = await adjust(m.id, { amount, category: 'compensation', reason: '大额补偿', ...extra }, who);
    expect(r).toMatchObject({ code: 200, message: FINANCE_DESK_MSG.approvalRequested, data: { pending: true, approval_id: expect.any(Number) } });
    return r.data.approval_id as number;
  }

  it('stores the request with who asked, moves nothing, and shows it in 待复核 with the desk badge', async () => {
    const m = await member();
    const journals = await journalCount();
    const waiting = (await get(admin, '/desk/counts')).data.approvals as number;
    expect(await adjust(m.id, { amount: THRESHOLD, category: 'bonus', reason: '门槛内' })).toMatchObject({ code: 200, message: ADMIN_MSG.adjustDone });
    const id = await requested(m, THRESHOLD + 0.01);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(THRESHOLD * 100);
    expect(await journalCount()).toBe(journals + 1);
    expect((await get(admin, '/desk/counts')).data.approvals).toBe(waiting + 1);
    const [audit] = await auditRows(s, 'approval.request', `approval:${id}`);
    expect(audit).toMatchObject({ staff_name: finance.username, after: { kind: 'member.adjust', target_id: m.id, payload: { amount_fen: THRESHOLD * 100 + 1, category: 'compensation', reason: '大额补偿' } } });
    const list = (await get(finance2, '/approvals')).data.data as AdminApproval[];
    expect(list.find((a) => a.id === id)).toMatchObject({
      kind: 'member.adjust',
      kind_label: '大额余额调整',
      target: m.name,
      summary: `加款 ${(THRESHOLD + 0.01).toFixed(2)} 元（补偿）：大额补偿`,
      state: 0,
      state_label: '待复核',
      maker_name: finance.username,
      checker_name: null,
    });
    // a debit above the threshold waits too
    await requested(m, -(THRESHOLD + 1));
  });

  it('refuses the maker its own approval (不能审批自己提交的申请) and roles without the permission', async () => {
    const m = await member();
    const id = await requested(m, THRESHOLD + 1);
    expect(await post(finance, `/approvals/${id}/approve`)).toMatchObject({ code: CODE.forbidden, message: FINANCE_DESK_MSG.approvalOwn });
    expect(await post(operations, `/approvals/${id}/approve`)).toMatchObject({ code: 403 });
    expect(await post(support, `/approvals/${id}/approve`)).toMatchObject({ code: 403 });
    expect(await get(operations, '/approvals')).toMatchObject({ code: 403 });
    expect(await post(finance2, '/approvals/987654321/approve')).toMatchObject({ code: 404, message: FINANCE_DESK_MSG.approvalMissing });
    expect(await post(finance2, '/approvals/abc/approve')).toMatchObject({ code: 400 });
    expect((await approvalRow(id)).state).toBe(0);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
    expect(await auditRows(s, 'approval.approve', `approval:${id}`)).toEqual([]);
  });

  it('a second staff member approves: applied once in one transaction, mailed, audited; again is 409', async () => {
    const m = await member();
    const id = await requested(m, THRESHOLD + 100, finance, { turnover_multiple: 2 });
    const r = await post(finance2, `/approvals/${id}/approve`);
    expect(r).toMatchObject({ code: 200, message: FINANCE_DESK_MSG.approvalApproved, data: { id, state: 1, state_label: '已通过', maker_name: finance.username, checker_name: finance2.username } });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe((THRESHOLD + 100) * 100);
    const turnover = (await figuresOf(s.db.kysely, m.id)).turnover_req_fen;
    expect(turnover).toBe((THRESHOLD + 100) * 200);
    expect((await mails(m.token))[0]!.content).toBe(`您的账户已加款${(THRESHOLD + 100).toFixed(2)}元（类别：补偿）。原因：大额补偿`);
    const [applied] = await auditRows(s, 'member.adjust', `member:${m.id}`);
    expect(applied).toMatchObject({ staff_name: finance2.username, after: { amount: THRESHOLD + 100, category: 'compensation', approval_id: id, requested_by: finance.username } });
    expect(await auditRows(s, 'approval.approve', `approval:${id}`)).toMatchObject([{ staff_name: finance2.username, before: { state: 0 }, after: { state: 1, maker: finance.username } }]);
    expect(await post(admin, `/approvals/${id}/approve`)).toMatchObject({ code: 409, message: FINANCE_DESK_MSG.approvalDone });
    expect(await post(admin, `/approvals/${id}/reject`, { reason: '晚了' })).toMatchObject({ code: 409, message: FINANCE_DESK_MSG.approvalDone });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe((THRESHOLD + 100) * 100);
  });

  it('applies exactly once when several staff approve at the same moment', async () => {
    const m = await member();
    const id = await requested(m, THRESHOLD + 7);
    const checkers = [finance2, admin, await newStaff(s, admin, 'finance'), await newStaff(s, admin, 'super'), finance2, admin];
    const journals = await journalCount();
    const answers = await Promise.all(checkers.map((c) => post(c, `/approvals/${id}/approve`)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409).map((a) => a.message)).toEqual(Array(checkers.length - 1).fill(FINANCE_DESK_MSG.approvalDone));
    expect(await journalCount()).toBe(journals + 1);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe((THRESHOLD + 7) * 100);
    expect(await mails(m.token)).toHaveLength(1);
    expect(await auditRows(s, 'member.adjust', `member:${m.id}`)).toHaveLength(1);
    expect(await auditRows(s, 'approval.approve', `approval:${id}`)).toHaveLength(1);
  });

  it('a debit the balance cannot cover is refused at approval and the request stays waiting', async () => {
    const m = await member();
    const id = await requested(m, -(THRESHOLD + 1));
    expect(await post(finance2, `/approvals/${id}/approve`)).toMatchObject({ code: 400, message: MSG.insufficientBalance });
    expect((await approvalRow(id)).state).toBe(0);
    await fund(s, m.id, THRESHOLD + 1);
    expect(await post(finance2, `/approvals/${id}/approve`)).toMatchObject({ code: 200 });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
  });

  it('rejects with a reason (required), applies nothing; the maker may withdraw its own', async () => {
    const m = await member();
    const id = await requested(m, THRESHOLD + 2);
    const reasonMsg = fmt(FINANCE_DESK_MSG.approvalReason, { max: ADMIN_LIMITS.reasonMax });
    expect(await post(finance2, `/approvals/${id}/reject`, {})).toMatchObject({ code: 400, message: reasonMsg });
    expect(await post(finance2, `/approvals/${id}/reject`, { reason: '   ' })).toMatchObject({ code: 400, message: reasonMsg });
    expect(await post(finance2, `/approvals/${id}/reject`, { reason: '长'.repeat(ADMIN_LIMITS.reasonMax + 1) })).toMatchObject({ code: 400, message: reasonMsg });
    expect(await post(support, `/approvals/${id}/reject`, { reason: '无权' })).toMatchObject({ code: 403 });
    expect(await post(finance2, `/approvals/${id}/reject`, { reason: '金额有误' })).toMatchObject({ code: 200, message: FINANCE_DESK_MSG.approvalRejected, data: { state: 2, state_label: '已拒绝', reason: '金额有误', checker_name: finance2.username } });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
    expect(await mails(m.token)).toEqual([]);
    expect(await auditRows(s, 'approval.reject', `approval:${id}`)).toMatchObject([{ staff_name: finance2.username, after: { state: 2, reason: '金额有误' } }]);
    expect(await post(finance2, `/approvals/${id}/approve`)).toMatchObject({ code: 409 });

    const own = await requested(m, THRESHOLD + 3);
    expect(await post(finance, `/approvals/${own}/reject`, { reason: '提交错了，撤回' })).toMatchObject({ code: 200, data: { state: 2 } });
    const states = ((await get(finance2, '/approvals?state=2')).data.data as AdminApproval[]).map((a) => a.id);
    expect(states).toEqual(expect.arrayContaining([id, own]));
    expect(((await get(finance2, '/approvals')).data.data as AdminApproval[]).map((a) => a.id)).not.toContain(own);
  });

  it('answers 已处理 to a repeated request id: one dialog, one request', async () => {
    const m = await member();
    const body = { amount: THRESHOLD + 9, category: 'bonus', reason: '重复提交', request_id: `fd-${Date.now()}-0001` };
    expect(await adjust(m.id, body)).toMatchObject({ code: 200, data: { pending: true } });
    expect(await adjust(m.id, body)).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await adjust(987654321, { ...body, request_id: undefined })).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
  });

  it('follows the threshold super sets', async () => {
    const m = await member();
    expect(await post(admin, '/finance-settings', { adjust_review_threshold: 10 })).toMatchObject({ code: 200 });
    try {
      expect(await adjust(m.id, { amount: 10.01, category: 'bonus', reason: '超过10元' })).toMatchObject({ data: { pending: true } });
      expect(await adjust(m.id, { amount: 10, category: 'bonus', reason: '10元以内' })).toMatchObject({ message: ADMIN_MSG.adjustDone });
    } finally {
      await post(admin, '/finance-settings', { adjust_review_threshold: THRESHOLD });
    }
  });
});

describe('maker–checker: receiving accounts', () => {
  const bank = { method: 'bank', bank_name: '招商银行', bank_no: '6214 8888 0000 1234', bank_owner: '星海科技', bank_address: '上海分行' };
  const accounts = async () => (await get(finance, '/receiving-accounts')).data as { id: number; bank_owner: string; enabled: boolean; payimg: string }[];

  it('a new account and an edit wait for a second staff member; turning one off is at once', async () => {
    const before = (await accounts()).length;
    const created = await post(finance, '/receiving-accounts', { ...bank, payimg: '/uploads/1.png' });
    expect(created).toMatchObject({ code: 200, message: FINANCE_DESK_MSG.approvalRequested, data: { pending: true } });
    expect(await accounts()).toHaveLength(before);
    const listed = ((await get(admin, '/approvals')).data.data as AdminApproval[]).find((a) => a.id === created.data.approval_id);
    expect(listed).toMatchObject({ kind: 'receiving.create', kind_label: '新增收款账户', target: '新收款账户', summary: '银行卡转账 · 招商银行 · 6214 8888 0000 1234 · 星海科技（含收款码）' });
    expect(await post(finance, `/approvals/${created.data.approval_id}/approve`)).toMatchObject({ code: 403, message: FINANCE_DESK_MSG.approvalOwn });
    expect(await post(finance2, `/approvals/${created.data.approval_id}/approve`)).toMatchObject({ code: 200 });
    const id = (await approvalRow(created.data.approval_id)).result as { receiving_id: number };
    expect((await accounts()).find((a) => a.id === id.receiving_id)).toMatchObject({ bank_owner: '星海科技', payimg: '/uploads/1.png', enabled: true });

    const edit = await post(finance, `/receiving-accounts/${id.receiving_id}`, { bank_owner: '换了户名' });
    expect(edit).toMatchObject({ code: 200, data: { pending: true } });
    expect((await accounts()).find((a) => a.id === id.receiving_id)!.bank_owner).toBe('星海科技');
    // the account is turned off meanwhile; the approved edit re-merges on the row as it is then
    expect(await post(finance, `/receiving-accounts/${id.receiving_id}`, { enabled: false })).toMatchObject({ code: 200, message: ADMIN_MSG.saved });
    expect(await post(admin, `/approvals/${edit.data.approval_id}/approve`)).toMatchObject({ code: 200 });
    expect((await accounts()).find((a) => a.id === id.receiving_id)).toMatchObject({ bank_owner: '换了户名', enabled: false });
    expect(await auditRows(s, 'receiving.update', `receiving:${id.receiving_id}`)).toMatchObject([
      { staff_name: finance.username, after: { enabled: false } },
      { staff_name: 'admin', after: { bank_owner: '换了户名', approval_id: edit.data.approval_id, requested_by: finance.username } },
    ]);
    // turning it back on is a change members pay into: it waits
    expect(await post(finance, `/receiving-accounts/${id.receiving_id}`, { enabled: true })).toMatchObject({ data: { pending: true } });
    expect(await post(finance, '/receiving-accounts/987654', { bank_owner: 'x' })).toMatchObject({ code: 404, message: ADMIN_MSG.receivingMissing });
    expect(await post(finance, `/receiving-accounts/${id.receiving_id}`, { bank_no: '' })).toMatchObject({ code: 400, message: ADMIN_MSG.receivingBankFields });
  });

  it('only staff who may change pay settings see and decide account requests', async () => {
    expect(await get(support, '/approvals')).toMatchObject({ code: 403 });
    expect(await post(operations, '/receiving-accounts', bank)).toMatchObject({ code: 403 });
  });

  it('takes an uploaded QR image (POST /receiving-accounts/qr, payments.write) that a request then carries', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-qr-test-image', 'ascii')]);
    const upload = async (token: string, file: Buffer, type = 'image/png') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type }), 'qr.png');
      const res = await fetch(`${s.url}/admin/api/receiving-accounts/qr`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return (await res.json()) as { code: number; message: string; data: { id: number; url: string } };
    };
    const r = await upload(finance.token, png);
    expect(r).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.uploaded, data: { url: expect.stringMatching(/^\/uploads\/site\/\d+\.png$/) } });
    expect((await fetch(`${s.url}${r.data.url}`)).status).toBe(200);
    expect(await auditRows(s, 'upload.create', `upload:${r.data.id}`)).toMatchObject([{ staff_name: finance.username }]);
    expect(await upload(operations.token, png)).toMatchObject({ code: 403 });
    expect(await upload(support.token, png)).toMatchObject({ code: 403 });
    expect(await upload(finance.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.uploadType });
    const req = await post(finance, '/receiving-accounts', { method: 'usdt-trc20', mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', payimg: r.data.url });
    expect(await post(finance2, `/approvals/${req.data.approval_id}/approve`)).toMatchObject({ code: 200, data: { summary: `USDT-TRC20 · USDT · TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE（含收款码）` } });
  });
});

describe('USDT payouts: confirmed with the TXID, kept on the order', () => {
  const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  const BANK_NO = '6222021234567890';
  const TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

  async function withdrawal(card: 'usdt' | 'bank') {
    const m = await member();
    const body = card === 'usdt' ? { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC } : { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO };
    expect((await s.api('/api/bindcard', { ...body, pay_pass: PAY_PASSWORD }, { token: m.token })).code).toBe(200);
    const [c] = (await s.api('/api/getcard', { type: card === 'usdt' ? 2 : 1 }, { token: m.token })).data;
    await fund(s, m.id, 1000);
    const r = await s.api('/api/withdraw', { amount: 500, bank: c.id, password: PAY_PASSWORD, type: card === 'usdt' ? 1 : 2 }, { token: m.token });
    expect(r).toMatchObject({ code: 200 });
    const row = await s.db.kysely.selectFrom('withdrawals').select(['id', 'withdraw_no']).where('withdraw_no', '=', r.data.withdraw_no).executeTakeFirstOrThrow();
    return { ...m, wid: row.id, no: row.withdraw_no };
  }

  it.each([[undefined], [''], ['xyz'], [TXID.slice(1)], [`${TXID}00`], [`0x${TXID.slice(2)}zz`]])('refuses to approve a USDT payout with txid %j, moving nothing', async (txid) => {
    const w = await withdrawal('usdt');
    const journals = await journalCount();
    expect(await post(finance, `/withdrawals/${w.wid}/approve`, txid === undefined ? {} : { txid })).toMatchObject({ code: 400, message: FINANCE_DESK_MSG.txidInvalid });
    expect(await journalCount()).toBe(journals);
    expect((await s.db.kysely.selectFrom('withdrawals').select(['state', 'txid']).where('id', '=', w.wid).executeTakeFirstOrThrow())).toEqual({ state: 1, txid: '' });
  });

  it('approves with a TXID (TRC20 hex, ERC20 with 0x), kept on the order, listed and audited', async () => {
    const w = await withdrawal('usdt');
    const r = await post(finance, `/withdrawals/${w.wid}/approve`, { txid: ` ${TXID} ` });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.reviewApproved, data: { state: 2, txid: TXID, pay_way: 'USDT-TRC20', bank_no: TRC } });
    const listed = (await get(operations, `/withdrawals?state=2&keyword=${w.no}`)).data.data[0];
    expect(listed).toMatchObject({ withdraw_no: w.no, txid: TXID });
    const [audit] = await auditRows(s, 'withdrawal.approve', `withdrawal:${w.wid}`);
    expect(audit).toMatchObject({ staff_name: finance.username, before: { txid: '' }, after: { state: 2, txid: TXID } });
    expect(await post(finance, `/withdrawals/${w.wid}/approve`, { txid: TXID })).toMatchObject({ code: 409 });
    const erc = await withdrawal('usdt');
    expect(await post(finance, `/withdrawals/${erc.wid}/approve`, { txid: `0x${TXID.toUpperCase()}` })).toMatchObject({ code: 200, data: { txid: `0x${TXID.toUpperCase()}` } });
  });

  it('a bank payout needs no TXID and keeps none', async () => {
    const w = await withdrawal('bank');
    expect(await post(finance, `/withdrawals/${w.wid}/approve`)).toMatchObject({ code: 200, data: { state: 2, txid: '' } });
    const b = await withdrawal('bank');
    expect(await post(finance, `/withdrawals/${b.wid}/approve`, { txid: TXID })).toMatchObject({ code: 200, data: { txid: '' } });
    expect(await post(operations, `/withdrawals/${b.wid}/approve`, { txid: TXID })).toMatchObject({ code: 403 });
  });
});

describe('GET /admin/api/withdrawals/:id/context', () => {
  const BANK_NO = '6222029999888877';
  const TRC = 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax';

  it('answers the member’s money in and out, turnover, hedged share and who shares a card, an address or an IP', async () => {
    const a = await member();
    const b = await member();
    expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO, pay_pass: PAY_PASSWORD }, { token: a.token })).code).toBe(200);
    expect((await s.api('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: PAY_PASSWORD }, { token: a.token })).code).toBe(200);
    // b once saved the same card and address (written straight to the table: the app refuses a number twice at one time)
    await s.db.kysely.insertInto('member_cards').values([
      { member_id: b.id, type: 1, bank: '中国工商银行', bank_owner: '李四', bank_no: BANK_NO, created_at: new Date(), deleted_at: new Date() },
      { member_id: b.id, type: 2, bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, created_at: new Date(), deleted_at: new Date() },
    ]).execute();
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await s.db.kysely.updateTable('sessions').set({ ip }).where('member_id', 'in', [a.id, b.id]).execute();
    await fund(s, a.id, 1000);
    const dep = await s.api('/api/recharge', { paytype: 'alipay', amount: 300 }, { token: a.token });
    const depId = (await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', dep.data.deposit_no).executeTakeFirstOrThrow()).id;
    expect((await post(finance, `/deposits/${depId}/approve`)).code).toBe(200);
    await setTurnoverRequirement(s.db.kysely, a.id, 0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await s.db.kysely.insertInto('member_daily_bets').values({ member_id: a.id, day: today, category: 'realbet', bets: 4, bet_fen: 40_000, valid_fen: 30_000, hedged_fen: 10_000, win_loss_fen: 0 }).execute();
    const [card] = (await s.api('/api/getcard', { type: 1 }, { token: a.token })).data;
    const w = await s.api('/api/withdraw', { amount: 200, bank: card.id, password: PAY_PASSWORD, type: 2 }, { token: a.token });
    expect(w.code).toBe(200);
    const wid = (await s.db.kysely.selectFrom('withdrawals').select('id').where('withdraw_no', '=', w.data.withdraw_no).executeTakeFirstOrThrow()).id;

    const r = await get(finance, `/withdrawals/${wid}/context`);
    expect(r).toMatchObject({
      code: 200,
      data: {
        member: { id: a.id, username: a.name, balance: 1100, turnover_req: 0 },
        deposits: { approved_count: 1, approved_total: 300, pending_count: 0, recent: [{ deposit_no: dep.data.deposit_no, amount: 300, state_text: '已通过' }] },
        withdrawals: { approved_count: 0, approved_total: 0, pending_count: 1, pending_total: 200, recent: [{ withdraw_no: w.data.withdraw_no, amount: 200, pay_way: '银行卡', state_text: '待审核' }] },
        net_in: 300,
        turnover: [{ day: today, required: 300, valid_bets: 300 }],
        hedge: { days: 30, stake: 400, hedged: 100, share: 0.25, flagged: expect.any(Boolean) },
      },
    });
    const shared = r.data.shared as { member_id: number; kind: string; kind_label: string; bank_no?: string; ip?: string }[];
    expect(shared.filter((x) => x.member_id === b.id).map((x) => [x.kind, x.kind_label, x.bank_no ?? x.ip]).sort()).toEqual([
      ['card', '同一银行卡', BANK_NO],
      ['ip', '同一登录IP', ip],
      ['usdt', '同一USDT地址', TRC],
    ]);
    // without 查看完整卡号 the shared numbers are masked
    const byOps = await get(operations, `/withdrawals/${wid}/context`);
    expect(JSON.stringify(byOps.data)).not.toContain(BANK_NO);
    expect(JSON.stringify(byOps.data)).not.toContain(TRC);
    expect(await get(support, `/withdrawals/${wid}/context`)).toMatchObject({ code: 403 });
    expect(await get(finance, '/withdrawals/987654321/context')).toMatchObject({ code: 404, message: MSG.orderMissing });
  });
});

describe('the audit log for people', () => {
  const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

  it('reads targets as member names, order numbers and staff names; filters by Beijing day', async () => {
    const m = await member();
    expect((await adjust(m.id, { amount: 12, category: 'bonus', reason: '审计可读' })).code).toBe(200);
    const req = await adjust(m.id, { amount: THRESHOLD + 50, category: 'compensation', reason: '审计复核' });
    const r = await get(operations, `/audit-log?staff=${finance.username}&from=${today()}&to=${today()}`);
    expect(r.code).toBe(200);
    const rows = r.data.data as { action: string; action_label: string; target: string; target_label: string }[];
    expect(rows.find((x) => x.action === 'member.adjust' && x.target === `member:${m.id}`)).toMatchObject({ action_label: '调整会员余额', target_label: `会员 ${m.name}` });
    expect(rows.find((x) => x.target === `approval:${req.data.approval_id}`)).toMatchObject({ action_label: '提交复核申请', target_label: `复核申请 #${req.data.approval_id}（大额余额调整）` });
    const staffRow = ((await get(admin, '/audit-log?action=staff.create')).data.data as { target: string; target_label: string }[]).find((x) => x.target === `staff:${finance.id}`);
    expect(staffRow?.target_label).toBe(`员工 ${finance.username}`);
    expect((await post(admin, '/finance-settings', { adjust_review_threshold: THRESHOLD })).code).toBe(200);
    const settings = ((await get(admin, '/audit-log?action=finance.settings')).data.data as { target_label: string }[])[0];
    expect(settings?.target_label).toBe('复核门槛');
    // a later day holds none of today's rows
    const tomorrow = new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10);
    expect(await get(operations, `/audit-log?staff=${finance.username}&from=${tomorrow}`)).toMatchObject({ code: 200, data: { total: 0 } });
    expect(await get(support, '/audit-log')).toMatchObject({ code: 403 });
  });

  it('reads a withdrawal target as its order number', async () => {
    const m = await member();
    expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021111222233', pay_pass: PAY_PASSWORD }, { token: m.token })).code).toBe(200);
    const [c] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
    await fund(s, m.id, 500);
    const w = await s.api('/api/withdraw', { amount: 200, bank: c.id, password: PAY_PASSWORD, type: 2 }, { token: m.token });
    const wid = (await s.db.kysely.selectFrom('withdrawals').select('id').where('withdraw_no', '=', w.data.withdraw_no).executeTakeFirstOrThrow()).id;
    expect((await post(finance, `/withdrawals/${wid}/reject`, { reason: '资料不符' })).code).toBe(200);
    const row = ((await get(finance, '/audit-log?action=withdrawal.reject')).data.data as { target: string; target_label: string }[]).find((x) => x.target === `withdrawal:${wid}`);
    expect(row?.target_label).toBe(`取款订单 ${w.data.withdraw_no}`);
  });

  it.each([['2026-13-01', ''], ['abc', ''], ['2026-05-02', '2026-05-01']])('refuses the date range %s – %s with 请选择正确的日期范围', async (from, to) => {
    expect(await get(finance, `/audit-log?from=${from}&to=${to}`)).toMatchObject({ code: 400, message: '请选择正确的日期范围' });
    expect((await adminFile(s, finance.token, `/audit-log.csv?from=${from}&to=${to}`)).envelope).toMatchObject({ code: 400, message: '请选择正确的日期范围' });
  });

  it('exports the filter as CSV with Chinese headers, labels and the changes', async () => {
    const m = await member();
    expect((await adjust(m.id, { amount: 7, category: 'correction', reason: '导出检查' })).code).toBe(200);
    const f = await adminFile(s, operations.token, `/audit-log.csv?action=member.adjust&from=${today()}&to=${today()}`);
    expect(f.status).toBe(200);
    expect(f.type).toMatch(/^text\/csv/);
    expect(f.disposition).toBe(`attachment; filename="audit-log-${today()}-${today()}.csv"`);
    expect(f.text.startsWith('\uFEFF时间,员工,操作,对象,IP,变更前,变更后\r\n')).toBe(true);
    const line = f.text.split('\r\n').find((l) => l.includes(`会员 ${m.name}`))!;
    expect(line).toContain(`,${finance.username},调整会员余额,会员 ${m.name},`);
    expect(line).toContain('导出检查');
    expect((await adminFile(s, support.token, '/audit-log.csv')).envelope).toMatchObject({ code: 403 });
  });
});
