import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, startServer, type TestServer } from './harness.js';

// Every JSON endpoint of the member API, fed arbitrary bodies: the answer is always an envelope
// with a Chinese (or empty-free) message, never a 500 and never a stack trace.
const POST_ENDPOINTS = [
  'captcha', 'register', 'login_pc', 'guestlogin', 'logoff', 'user', 'balance', 'refreshusermoney',
  'updateuserinfo', 'editPassword', 'editPayPassword', 'app', 'bannerList', 'homenotice', 'noticeList',
  'article', 'getservicerurl', 'activitytype', 'activitylist', 'activitydeatil', 'message/list',
  'message/read', 'message/unread', 'uploadimg', 'getPayRange', 'banklist', 'getpaybank', 'getcard', 'bindcard', 'delcard',
  'recharge', 'payinfo', 'getBetAmount', 'withdraw', 'gettransrecord',
  'balancelist', 'transfer', 'transall', 'uptransferstatus',
  'getGameUrl', 'gamelistBycode', 'betrecord',
  'lotteryList', 'lotteryRoom', 'lotteryOrder', 'lotteryMyOrders', 'firstDepositOffer', 'recentWins', 'recentGames',
  'protection', 'protection/limit', 'protection/limit/confirm', 'protection/limit/cancel', 'protection/block', 'protection/reality', 'playStatus', 'playStatus/ack',
];
const CJK = /[\u4e00-\u9fff]/;

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('arbitrary input', () => {
  it.each(POST_ENDPOINTS)('POST /api/%s answers every body with an envelope, never a 500', async (endpoint) => {
    const { token } = await registerMember(s);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('name', 'password', 'paypassword', 'confirmPass', 'code', 'id', 'type', 'page', 'mobile', 'email', 'birthday', 'captcha_id', 'pid', 'amount', 'paytype', 'catepay', 'bank', 'bank_no', 'deposit_no', 'date', 'api_type', 'sourcetype', 'targettype', 'transferstatus', 'plat_name', 'game_type', 'game_code', 'is_mobile_url', 'gamecode', 'platform_name', 'with_wallet', 'room_id', 'expect', 'order', 'kind', 'period', 'limit', 'duration', 'minutes', 'adult'), fc.jsonValue())), async (body) => {
        const r = await s.api(`/api/${endpoint}`, body, { token });
        expect(r.status).not.toBe(500);
        expect(r.code).not.toBe(500);
        expect(typeof r.message).toBe('string');
        if (r.code !== 200) expect(r.message).toMatch(CJK);
        expect(JSON.stringify(r)).not.toMatch(/\bat .+\.(ts|js):\d+/);
      }),
      { numRuns: 25, seed: 20261122 },
    );
  });

  it('GET /api/lotteryRoom answers any room_id with an envelope', async () => {
    const { token } = await registerMember(s);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (roomId) => {
        const r = await s.api(`/api/lotteryRoom?room_id=${encodeURIComponent(roomId)}`, undefined, { method: 'GET', token });
        expect(r.status).not.toBe(500);
        expect([200, 400]).toContain(r.code);
      }),
      { numRuns: 40, seed: 20261122 },
    );
  });

  it('GET /api/game/list answers any query with an envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (category) => {
        const r = await s.api(`/api/game/list?category=${encodeURIComponent(category)}`, undefined, { method: 'GET' });
        expect(r.status).not.toBe(500);
        expect([200, 400]).toContain(r.code);
      }),
      { numRuns: 40, seed: 20261122 },
    );
  });
});
