import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsibleArticle } from '../src/modules/content/migrations.js';
import { RESPONSIBLE_HELP } from '../src/seed/articles.js';
import { startServer, type TestServer } from './harness.js';

/**
 * The responsible-gambling article (type 8) promises only what 安全与健康 does: limits
 * with the 24-hour cooling-off, time-outs and exclusions that keep login and withdrawals, the
 * reality check. A database seeded before has its old paragraph replaced by a migration
 * (responsibleArticle); an article staff rewrote is left alone.
 */
const OLD = '<p>您可以联系在线客服申请暂停账户（冷静期7天、30天或90天），冷静期内账户将无法登录游戏与存款。我们严禁未满18周岁的人士注册和使用本平台。</p>';
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const article = async () => (await s.api('/api/article', { type: 8 })).data as { title: string; content: string };

describe('负责任博彩 (article 8)', () => {
  it('tells what the platform does: limits, time-outs and exclusions with login and withdrawals kept, the reality check', async () => {
    const { content } = await article();
    expect(content).toContain(RESPONSIBLE_HELP);
    for (const words of ['安全与健康', '24小时冷静期', '24小时、7天或30天', '6个月、1年、5年或永久', '登录和提款不受影响', '15~120分钟']) expect(content).toContain(words);
    expect(content).not.toContain('90天');
  });

  it('the migration replaces the old promise in a database seeded before, and leaves a rewritten article alone', async () => {
    const before = (await s.db.kysely.selectFrom('articles').select('content').where('type', '=', 8).executeTakeFirstOrThrow()).content;
    const seededEarlier = before.replace(RESPONSIBLE_HELP, OLD);
    await s.db.kysely.updateTable('articles').set({ content: seededEarlier }).where('type', '=', 8).execute();
    await sql.raw(responsibleArticle.sql).execute(s.db.kysely);
    expect((await s.db.kysely.selectFrom('articles').select('content').where('type', '=', 8).executeTakeFirstOrThrow()).content).toBe(before);

    await s.db.kysely.updateTable('articles').set({ content: '<p>运营方自己写的内容</p>' }).where('type', '=', 8).execute();
    await sql.raw(responsibleArticle.sql).execute(s.db.kysely);
    expect((await s.db.kysely.selectFrom('articles').select('content').where('type', '=', 8).executeTakeFirstOrThrow()).content).toBe('<p>运营方自己写的内容</p>');
    await s.db.kysely.updateTable('articles').set({ content: before }).where('type', '=', 8).execute();
  });
});
