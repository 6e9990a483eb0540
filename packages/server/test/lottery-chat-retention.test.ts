import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachServer, startServer, type TestServer } from './harness.js';
import { pruneChat } from '../src/modules/lottery/chat/retention.js';
import { firstRooms, newMember, sleep } from './lottery-ws-support.js';

// Room chat is kept CHAT_RETENTION_DAYS days, then deleted by an hourly pass (README, configuration).

const DAY_MS = 24 * 3_600_000;
let s: TestServer;
let roomId: number;

beforeAll(async () => {
  s = await startServer({ lotteryTickMs: 0, chatRetentionDays: 0 });
  roomId = (await firstRooms(s, 'k3_60'))[0]!;
});
afterAll(() => s.close());

async function said(memberId: number, content: string, ageDays: number): Promise<number> {
  const row = await s.db.kysely
    .insertInto('lottery_chat')
    .values({ room_id: roomId, member_id: memberId, kind: 'chat', author: 'ab***yz', content, created_at: new Date(Date.now() - ageDays * DAY_MS) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const exists = async (id: number) => !!(await s.db.kysely.selectFrom('lottery_chat').select('id').where('id', '=', id).executeTakeFirst());

describe('chat retention', () => {
  it('deletes messages older than the retention and keeps the younger ones', async () => {
    const m = await newMember(s);
    const old = await said(m.id, '很久以前', 31);
    const young = await said(m.id, '最近', 29);
    expect(await pruneChat(s.db.kysely, Date.now(), 30)).toBeGreaterThanOrEqual(1);
    expect(await exists(old)).toBe(false);
    expect(await exists(young)).toBe(true);
    expect(await pruneChat(s.db.kysely, Date.now(), 30)).toBe(0);
  });

  it('runs by itself when an instance starts with CHAT_RETENTION_DAYS set, and not with 0', async () => {
    const m = await newMember(s);
    const old = await said(m.id, '旧消息', 100);
    const keeper = await attachServer(s, { lotteryTickMs: 0, chatRetentionDays: 0 });
    await sleep(300);
    expect(await exists(old)).toBe(true);
    await keeper.close();
    const pruner = await attachServer(s, { lotteryTickMs: 0, chatRetentionDays: 90 });
    try {
      await expect.poll(() => exists(old), { timeout: 5000 }).toBe(false);
    } finally {
      await pruner.close();
    }
  });
});
