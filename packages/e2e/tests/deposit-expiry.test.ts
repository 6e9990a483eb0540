import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'kysely';
import { DEPOSIT_EXPIRY, ORDER_STATE, TIMING } from '@app/contract';
import { apiAs, open, type Platform, registerViaApi, shot, signInPage, startSuite, stillShot, stopSuite, uniqueName, withPhone } from '../harness.js';

/**
 * Deposit orders expire at 390×844: an Alipay order left unpaid past its 60-minute
 * window reads 订单已超时 on /payInfo (closed by the server, not only by the phone's countdown) and
 * 已超时 with 超时未支付，订单已关闭 in the deposit records.
 */

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

describe('an unpaid deposit order past its payment window', () => {
  it('is closed: /payInfo says 订单已超时 and offers 重新存款; the records say 已超时 and why', async () => {
    const member = await registerViaApi(platform, uniqueName('dx'));
    const res = await apiAs(platform, 'recharge', member.token, { paytype: 'alipay', amount: 300 });
    expect(res.code, res.message).toBe(200);
    const depositNo = res.message;
    await sql`UPDATE deposits SET created_at = now() - make_interval(mins => ${TIMING.paymentWindowMin + 1}::int) WHERE deposit_no = ${depositNo}`.execute(platform.db.kysely);

    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/');
      await open(page, platform, `/payInfo?deposit_no=${depositNo}`);
      await expect.poll(() => page.getByTestId('pay-state').innerText()).toBe(DEPOSIT_EXPIRY.title);
      expect((await page.getByTestId('pay-countdown').innerText()).replace(/\s/g, '')).toBe('00:00');
      expect(await page.getByTestId('pay-done').count()).toBe(0);
      await page.getByTestId('pay-again').waitFor();
      // Closed on the server, not just on the phone's clock.
      const order = await platform.db.kysely.selectFrom('deposits').select(['state', 'expired_at']).where('deposit_no', '=', depositNo).executeTakeFirstOrThrow();
      expect(order.state).toBe(ORDER_STATE.rejected);
      expect(order.expired_at).not.toBeNull();
      await stillShot(page, 'deposit-expired-payinfo');

      await open(page, platform, '/transRecord?type=1');
      const row = page.getByTestId('record-row').filter({ hasText: depositNo });
      await row.waitFor();
      expect(await row.getByTestId('record-state').innerText()).toBe(DEPOSIT_EXPIRY.label);
      expect(await row.getByTestId('record-remark').innerText()).toBe(DEPOSIT_EXPIRY.remark);
      await shot(page, 'deposit-expired-records');
    });
  });
});
