import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  fmt,
  LOTTERY_HOST_AUTHOR,
  LOTTERY_STAKE_MAX_YUAN,
  LOTTERY_STAKE_MIN_YUAN,
  roomSocketUrl,
  type AdminChatRow,
  type AdminRoomRow,
  type ChatMessage,
  type ServerFrame,
  ADMIN_MSG,
  LOTTERY_MSG,
  LOTTERY_ROOM_MSG,
} from '@app/contract';
import { ADMIN_PASSWORD, clickInPopup, consoleMessageIs, inConsole as inConsoleAs, type Platform, staffApi, staffLoginViaApi, startSuite, stillShot, stopSuite, uniqueName, newStaffViaApi } from '../harness.js';

// 房间管理: a room's own stake limits set by staff, and the host (主持人) speaking in a
// room, seen by whoever watches it and in 聊天管理. Desktop console, 1280×800.

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token: string) => inConsoleAs(browser, platform, token, path, fn, { width: 1280, height: 800 });

async function newStaff(role: 'support' | 'operations'): Promise<{ username: string; token: string }> {
  const username = uniqueName(role.slice(0, 3));
  const { token } = await newStaffViaApi(platform, admin, { username, password: 'rooms-Pass-1', role });
  return { username, token };
}
const rooms = async () => (await staffApi<AdminRoomRow[]>(platform, admin, 'GET', '/lottery/rooms')).data;

/** A visitor watching a room from a browser page: every frame the room sends, kept in the page. */
async function watch(roomId: number): Promise<{ ctx: BrowserContext; frames(): Promise<ServerFrame[]> }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${platform.url}/healthz`);
  await page.evaluate(async (url) => {
    const w = window as unknown as { frames_: unknown[] };
    w.frames_ = [];
    const ws = new WebSocket(url);
    ws.onmessage = (e) => e.data !== 'ping' && w.frames_.push(JSON.parse(e.data as string));
    await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
    setInterval(() => ws.send('ping'), 3000);
  }, roomSocketUrl(platform.url, roomId, ''));
  return { ctx, frames: () => page.evaluate(() => (window as unknown as { frames_: ServerFrame[] }).frames_) };
}

describe('房间管理', () => {
  it("operations sets a room's stake limits: refused with the contract's messages, then saved, audited and answered to members", async () => {
    const ops = await newStaff('operations');
    const room = (await rooms()).find((r) => r.lottery === 'k3_60' && r.title === '高手房')!;
    await inConsole('/lottery-rooms', async (page) => {
      const row = page.getByTestId(`room-row-${room.id}`);
      await row.waitFor();
      expect(await page.locator('[data-testid^="room-row-"]').count()).toBe(6);
      expect(await page.getByTestId(`room-limits-${room.id}`).innerText()).toBe('10.00 – 20,000.00');
      expect(await row.innerText()).toContain('开放');
      await stillShot(page, 'admin-rooms');

      await page.getByTestId(`room-edit-${room.id}`).click();
      const min = page.getByTestId('room-min');
      const max = page.getByTestId('room-max');
      await min.fill('0.5');
      await page.getByTestId('room-save').click();
      const bounds = { min: LOTTERY_STAKE_MIN_YUAN, max: LOTTERY_STAKE_MAX_YUAN };
      await expect.poll(() => page.getByTestId('room-failure').innerText()).toBe(fmt(LOTTERY_ROOM_MSG.stakeMin, bounds));
      await min.fill('6000');
      await max.fill('5000');
      await page.getByTestId('room-save').click();
      await expect.poll(() => page.getByTestId('room-failure').innerText()).toBe(LOTTERY_ROOM_MSG.stakeOrder);
      await stillShot(page, 'admin-rooms-edit-refused');
      await min.fill('20');
      await page.getByTestId('room-title').fill('高手房 · 20起');
      await page.getByTestId('room-save').click();
      await consoleMessageIs(page, ADMIN_MSG.saved);
      await expect.poll(() => page.getByTestId(`room-limits-${room.id}`).innerText()).toBe('20.00 – 5,000.00');
      expect(await row.innerText()).toContain('高手房 · 20起');
      await stillShot(page, 'admin-rooms-saved');
    }, ops.token);

    // Members see the room's limits and their orders meet them.
    const answer = (await (await fetch(`${platform.url}/api/lotteryRoom?room_id=${room.id}`)).json()) as { data: { title: string; limits: unknown } };
    expect(answer.data).toMatchObject({ title: '高手房 · 20起', limits: { min: 20, max: 5000 } });
    const audit = (await staffApi<{ data: { action: string; before: unknown; after: unknown }[] }>(platform, admin, 'GET', '/audit-log?page=1')).data.data.find((a) => a.action === 'lottery.room')!;
    expect(audit).toMatchObject({ before: { title: '高手房', min_stake: 10, max_stake: 20_000 }, after: { title: '高手房 · 20起', min_stake: 20, max_stake: 5000 } });
  });

  it('support posts as 主持人: the room hears it at once, 聊天管理 lists it with who posted it, and it is deleted like any message', async () => {
    const support = await newStaff('support');
    const room = (await rooms()).find((r) => r.lottery === 'lhc_180' && r.title === '新手房')!;
    const watcher = await watch(room.id);
    const text = '本期即将封盘，请各位抓紧下注';
    try {
      await inConsole('/lottery-rooms', async (page) => {
        await page.getByTestId(`room-host-${room.id}`).waitFor();
        expect(await page.getByTestId(`room-edit-${room.id}`).count()).toBe(0); // support may not edit rooms
        await page.getByTestId(`room-host-${room.id}`).click();
        await page.getByTestId('host-send').click();
        await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').innerText()).toBe(LOTTERY_ROOM_MSG.hostEmpty);
        await page.getByTestId('host-content').fill(text);
        await stillShot(page, 'admin-rooms-host');
        await page.getByTestId('host-send').click();
        await consoleMessageIs(page, LOTTERY_ROOM_MSG.hostPosted);
      }, support.token);

      await expect.poll(async () => (await watcher.frames()).filter((f) => 'content' in f && f.content === text)).toHaveLength(1);
      const heard = (await watcher.frames()).find((f) => 'content' in f && f.content === text) as ChatMessage;
      expect(heard).toMatchObject({ uid: 0, author: LOTTERY_HOST_AUTHOR, kind: 'host', content: text });

      await inConsole('/lottery-chat', async (page) => {
        const row = page.getByTestId(`chat-row-${heard.id}`);
        await row.waitFor();
        expect(await row.innerText()).toContain(`员工 ${support.username}`);
        expect(await row.innerText()).toContain('主持人');
        expect(await page.getByTestId(`chat-mute-${heard.id}`).count()).toBe(0); // no member to mute
        await stillShot(page, 'admin-rooms-host-in-chat');
        await page.getByTestId(`chat-delete-${heard.id}`).click();
        await page.getByTestId('chat-delete-reason').fill('发错房间');
        await clickInPopup(page.getByTestId('chat-delete-confirm'));
        await consoleMessageIs(page, LOTTERY_MSG.chatDeleted);
        await page.getByTestId(`chat-deleted-${heard.id}`).waitFor();
      }, support.token);
      await expect.poll(async () => (await watcher.frames()).some((f) => 'delete' in f && f.delete === heard.id)).toBe(true);
      const listed = (await staffApi<{ data: AdminChatRow[] }>(platform, admin, 'GET', `/lottery/chat?room_id=${room.id}`)).data.data;
      expect(listed.find((m) => m.id === heard.id)).toMatchObject({ kind: 'host', host_staff: support.username, deleted_by: support.username });
    } finally {
      await watcher.ctx.close();
    }
  });

  it('聊天管理 posts as 主持人 into the chosen room', async () => {
    const room = (await rooms()).find((r) => r.lottery === 'k3_60' && r.title === 'VIP房')!;
    const text = '欢迎来到VIP房，祝各位好运';
    await inConsole('/lottery-chat', async (page) => {
      const host = page.getByTestId('chat-host');
      await host.waitFor();
      expect(await host.isDisabled()).toBe(true); // no room chosen yet
      await page.getByTestId('chat-room').click();
      await page.locator('.ant-select-item-option', { hasText: `极速快三 · ${room.title}` }).click();
      await expect.poll(() => host.isDisabled()).toBe(false);
      await host.click();
      await page.getByTestId('host-content').fill(text);
      await page.getByTestId('host-send').click();
      await consoleMessageIs(page, LOTTERY_ROOM_MSG.hostPosted);
      await expect.poll(() => page.locator('[data-testid^="chat-row-"]').first().innerText()).toContain(text);
      expect(await page.locator('[data-testid^="chat-row-"]').first().innerText()).toContain('员工 admin');
      await stillShot(page, 'admin-rooms-chat-host');
    }, admin);
    const chatdata = ((await (await fetch(`${platform.url}/api/lotteryRoom?room_id=${room.id}`)).json()) as { data: { chatdata: ChatMessage[] } }).data.chatdata;
    expect(chatdata.at(-1)).toMatchObject({ uid: 0, author: LOTTERY_HOST_AUTHOR, kind: 'host', content: text });
  });
});
