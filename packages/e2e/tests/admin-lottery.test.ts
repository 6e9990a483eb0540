import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_LIMITS, fmt, roomSocketUrl, type AdminLotteryRow, type AdminMuteRow, type ServerFrame, ADMIN_MSG, LOTTERY_MSG } from '@app/contract';
import {
  ADMIN_PASSWORD,
  clickInPopup,
  consoleMessageIs,
  inConsole as inConsoleAs,
  memberIdOf,
  type Platform,
  registerViaApi,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
  newStaffViaApi,
} from '../harness.js';

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

/** A fresh desktop window signed in as `token` (the admin by default) at `path` (below /admin). */
const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin, viewport?: { width: number; height: number }) =>
  inConsoleAs(browser, platform, token, path, fn, viewport);

const storedOdds = async (code: string, play: string) => {
  const rows = (await staffApi<AdminLotteryRow[]>(platform, admin, 'GET', '/lotteries')).data;
  return rows.find((l) => l.code === code)!.plays.find((p) => p.id === play)!.odds;
};
async function newStaffToken(role: 'support' | 'operations'): Promise<string> {
  const username = uniqueName(role.slice(0, 3));
  await newStaffViaApi(platform, admin, { username, password: 'lottery-Pass-1', role });
  return staffLoginViaApi(platform, username, 'lottery-Pass-1');
}

describe('彩票赔率', () => {
  it('refuses odds out of the RTP range with the server’s message, then saves valid odds and shows the new RTP', async () => {
    await inConsole('/lottery-odds', async (page) => {
      const odds = page.getByTestId('odds-input-k3_big');
      const rtp = page.getByTestId('odds-rtp-k3_big');
      await odds.waitFor();
      expect(await odds.inputValue()).toBe('1.96');
      expect(await rtp.innerText()).toBe('95.28%'); // 105 of 216 throws × 1.96
      await stillShot(page, 'admin-lottery-odds');

      // 2.5 returns 121.53%: shown live in red, refused by the server, nothing stored.
      await odds.fill('2.5');
      await expect.poll(() => rtp.innerText()).toContain('121.53%');
      expect(await rtp.innerText()).toContain('原 1.96 · 95.28%');
      expect(await page.getByTestId('odds-changed').innerText()).toBe('已修改 1 个玩法，尚未保存');
      await stillShot(page, 'admin-lottery-odds-refused-live');
      await page.getByTestId('odds-save').click();
      await consoleMessageIs(page, fmt(LOTTERY_MSG.lotteryOddsRtp, { play: 'k3_big', rtp: '121.53' }));
      await stillShot(page, 'admin-lottery-odds-refused');
      expect(await storedOdds('k3_60', 'k3_big')).toBe(1.96);

      // 1.97 returns 95.76%: saved, the stored odds come back and the edit marker goes.
      await odds.fill('1.97');
      await expect.poll(() => rtp.innerText()).toContain('95.76%');
      await page.getByTestId('odds-save').click();
      await consoleMessageIs(page, ADMIN_MSG.saved);
      await expect.poll(() => rtp.innerText()).toBe('95.76%');
      expect(await odds.inputValue()).toBe('1.97');
      expect(await page.getByTestId('odds-changed').innerText()).toBe('没有未保存的修改');
      expect(await storedOdds('k3_60', 'k3_big')).toBe(1.97);
      await stillShot(page, 'admin-lottery-odds-saved');
    });
    // The change is in the audit log, before and after.
    const audit = await staffApi(platform, admin, 'GET', '/audit-log?action=lottery.odds');
    expect(audit.data.data[0]).toMatchObject({ target: 'lottery:k3_60', before: { k3_big: 1.96 }, after: { k3_big: 1.97 } });
  });

  it('edits a whole 六合彩 group at once and saves it', async () => {
    await inConsole('/lottery-odds', async (page) => {
      await page.getByTestId('odds-lottery-lhc_180').click();
      await page.getByTestId(`odds-group-${LOTTERY_MSG.lotteryGroupRegular}`).click();
      const rtp = page.getByTestId('odds-rtp-lhc_zm_49');
      await rtp.waitFor();
      expect(await rtp.innerText()).toBe('96.73%'); // 6/49 × 7.9
      await page.getByTestId(`odds-bulk-${LOTTERY_MSG.lotteryGroupRegular}`).fill('8');
      await page.getByTestId(`odds-bulk-apply-${LOTTERY_MSG.lotteryGroupRegular}`).click();
      await expect.poll(() => rtp.innerText()).toContain('97.96%');
      expect(await page.getByTestId('odds-changed').innerText()).toBe('已修改 49 个玩法，尚未保存');
      await stillShot(page, 'admin-lottery-odds-group', { fullPage: true });
      await page.getByTestId('odds-save').click();
      await consoleMessageIs(page, ADMIN_MSG.saved);
      expect(await storedOdds('lhc_180', 'lhc_zm_01')).toBe(8);
      expect(await storedOdds('lhc_180', 'lhc_te_01')).toBe(47);
    });
  });

  it('shows support the odds without the means to change them', async () => {
    const token = await newStaffToken('support');
    await inConsole('/lottery-odds', async (page) => {
      await page.getByTestId('odds-rtp-k3_big').waitFor();
      const menu = await page.locator('.ant-layout-sider .ant-menu-item').allInnerTexts();
      expect(menu.map((t) => t.trim())).toEqual(['会员管理', '自我排除名单', '注单与转账', '在线客服', '站内信', 'VIP等级', '返水管理', '活动管理', '活动类型', '活动申请', '红包管理', '轮播图', '公告', '帮助文章', '游戏目录', '代理申请', '代理管理', '佣金审核', '佣金方案', '彩票赔率', '房间管理', '聊天管理']);
      expect(await page.getByTestId('odds-input-k3_big').count()).toBe(0);
      expect(await page.getByTestId('odds-save').count()).toBe(0);
      expect(await page.getByTestId('odds-row-k3_big').innerText()).toContain('1.97');
    }, token);
  });
});

/**
 * A member in a room over the WebSocket, from a browser page: sends each line as chat and answers, per
 * line, the server's frame about it (the broadcast chat item, or the error it was refused with).
 */
async function say(token: string, roomId: number, lines: string[]): Promise<ServerFrame[]> {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.goto(`${platform.url}/healthz`);
    return await page.evaluate(
      async ({ url, lines }) => {
        const ws = new WebSocket(url);
        const answers: ServerFrame[] = [];
        ws.onmessage = (e) => {
          if (e.data === 'ping') return;
          const f = JSON.parse(e.data as string);
          if (('id' in f && lines.includes(f.content)) || f.sysmsg === 'error') answers.push(f);
        };
        await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
        for (const content of lines) ws.send(JSON.stringify({ content, order: 1 }));
        const deadline = Date.now() + 8000;
        while (answers.length < lines.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        ws.close();
        return answers;
      },
      { url: roomSocketUrl(platform.url, roomId, token), lines },
    );
  } finally {
    await ctx.close();
  }
}
const chatId = (f: ServerFrame | undefined) => {
  if (!f || !('id' in f)) throw new Error(`not a chat item: ${JSON.stringify(f)}`);
  return f.id;
};

describe('on a narrow window', () => {
  it('the odds and chat pages fit the width; their tables scroll inside', async () => {
    const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await inConsole('/lottery-odds', async (page) => {
      await page.getByTestId('odds-rtp-k3_big').waitFor();
      expect(await pageWidth(page)).toBe(0);
      await stillShot(page, 'admin-phone-lottery-odds');
      await page.goto(`${platform.url}/admin/lottery-chat`);
      await page.getByTestId('chat-keyword').waitFor();
      expect(await pageWidth(page)).toBe(0);
      await stillShot(page, 'admin-phone-lottery-chat');
    }, admin, { width: 390, height: 844 });
  });
});

describe('聊天管理', () => {
  it('deletes a message with a reason (struck through, who deleted it), mutes its author and lifts the mute', async () => {
    const lotteries = (await staffApi<AdminLotteryRow[]>(platform, admin, 'GET', '/lotteries')).data;
    const room = lotteries[0]!.rooms[0]!;
    const spammer = await registerViaApi(platform, uniqueName('spam'));
    const spammerId = await memberIdOf(platform, spammer.token);
    const regular = await registerViaApi(platform, uniqueName('reg'));
    const [hello, ad] = await say(spammer.token, room.id, ['大家好，今天手气不错', '加我微信 abc123 带你稳赚']);
    const [follow] = await say(regular.token, room.id, ['跟投大，祝大家好运']);
    const [helloId, adId, followId] = [chatId(hello), chatId(ad), chatId(follow)];

    await inConsole('/lottery-chat', async (page) => {
      // Newest first, every room.
      await page.getByTestId(`chat-row-${followId}`).waitFor();
      const ids = await page.locator('[data-testid^="chat-row-"]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-testid')!.slice('chat-row-'.length))));
      expect(ids.slice(0, 3)).toEqual([followId, adId, helloId]);
      expect(await page.getByTestId(`chat-row-${adId}`).innerText()).toContain(`${lotteries[0]!.title}`);
      // One room, then a keyword.
      await page.getByTestId('chat-room').click();
      await page.locator('.ant-select-item-option', { hasText: `${lotteries[0]!.title} · ${room.title}` }).click();
      await page.getByTestId('chat-keyword').fill('微信');
      await page.getByTestId('chat-keyword').press('Enter');
      await expect.poll(() => page.locator('[data-testid^="chat-row-"]').count()).toBe(1);
      await page.getByTestId(`chat-row-${adId}`).waitFor();
      await stillShot(page, 'admin-lottery-chat-search');
      await page.getByTestId('chat-keyword').fill('');
      await page.getByTestId('chat-keyword').press('Enter');
      await page.getByTestId(`chat-row-${followId}`).waitFor();

      // 删除 with a reason: struck through, with who deleted it.
      await page.getByTestId(`chat-delete-${adId}`).click();
      await page.getByTestId('chat-delete-reason').fill('站外引流广告');
      await stillShot(page, 'admin-lottery-chat-delete');
      await clickInPopup(page.getByTestId('chat-delete-confirm'));
      await consoleMessageIs(page, LOTTERY_MSG.chatDeleted);
      const note = page.getByTestId(`chat-deleted-${adId}`);
      await note.waitFor();
      expect(await note.innerText()).toMatch(/^已被 admin 删除 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const struck = (id: number) => page.getByTestId(`chat-row-${id}`).locator('.chat-text').evaluate((el) => getComputedStyle(el).textDecorationLine);
      expect(await struck(adId)).toBe('line-through');
      expect(await struck(helloId)).toBe('none');
      expect(await page.getByTestId(`chat-delete-${adId}`).isDisabled()).toBe(true);
      expect(await page.getByTestId(`chat-delete-${helloId}`).isDisabled()).toBe(false);

      // 禁言 1天: the reason is required, then the author's rows show 禁言中.
      await page.getByTestId(`chat-mute-${adId}`).click();
      await page.locator('.ant-modal').getByText('1天', { exact: true }).click();
      await clickInPopup(page.getByTestId('mute-confirm'));
      await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').innerText()).toBe(fmt(LOTTERY_MSG.chatMuteReason, { max: ADMIN_LIMITS.reasonMax }));
      await page.getByTestId('mute-reason').fill('发布广告');
      await stillShot(page, 'admin-lottery-chat-mute');
      await clickInPopup(page.getByTestId('mute-confirm'));
      await consoleMessageIs(page, LOTTERY_MSG.chatMutedOk);
      await expect.poll(() => page.getByTestId(`chat-row-${helloId}`).innerText()).toContain('禁言中');
      expect(await page.getByTestId(`chat-row-${followId}`).innerText()).not.toContain('禁言中');
      await stillShot(page, 'admin-lottery-chat');

      // 禁言 永久 for the other member.
      await page.getByTestId(`chat-mute-${followId}`).click();
      await page.locator('.ant-modal').getByText('永久', { exact: true }).click();
      await page.getByTestId('mute-reason').fill('辱骂他人');
      await clickInPopup(page.getByTestId('mute-confirm'));
      await consoleMessageIs(page, LOTTERY_MSG.chatMutedOk);
    });

    const mutes = (await staffApi<{ data: AdminMuteRow[] }>(platform, admin, 'GET', '/lottery/mutes')).data.data;
    const mute = mutes.find((m) => m.member_id === spammerId)!;
    expect(mute).toMatchObject({ reason: '发布广告', staff: 'admin' });
    const untilMs = Date.parse(`${mute.until!.replace(' ', 'T')}+08:00`);
    expect(untilMs - Date.now()).toBeGreaterThan(24 * 3600_000 - 120_000);
    expect(untilMs - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(mutes.find((m) => m.username === regular.name)).toMatchObject({ until: null, reason: '辱骂他人' });
    // The muted member is refused in the room.
    expect(await say(spammer.token, room.id, ['我还能说话吗'])).toEqual([{ sysmsg: 'error', content: fmt(LOTTERY_MSG.chatMutedUntil, { until: mute.until! }) }]);

    await inConsole('/lottery-chat?tab=mutes', async (page) => {
      const row = page.getByTestId(`mute-row-${spammerId}`);
      await row.waitFor();
      expect(await row.innerText()).toContain(mute.until!);
      expect(await row.innerText()).toContain('发布广告');
      expect(await page.locator('[data-testid^="mute-row-"]', { hasText: regular.name }).innerText()).toContain('永久');
      await stillShot(page, 'admin-lottery-mutes');
      await page.getByTestId(`unmute-${spammerId}`).click();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, LOTTERY_MSG.chatUnmutedOk);
      await expect.poll(() => row.count()).toBe(0);
    });
    // Lifted: the member speaks again.
    expect(chatId((await say(spammer.token, room.id, ['谢谢管理员']))[0])).toBeGreaterThan(followId);
  });
});
