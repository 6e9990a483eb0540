// Migrations of the tables modules/content/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** The hall's banners, the notices and the help articles. */
export const content: Migration = {
  id: '005_content',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE banners (
  id serial PRIMARY KEY,
  type integer NOT NULL DEFAULT 2,
  src text NOT NULL,
  url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE notices (
  id serial PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL,
  on_home boolean NOT NULL DEFAULT true,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE articles (
  type integer PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};

/** The help article no longer says the payment password starts as the login password. */
export const payPasswordHelp: Migration = {
  id: '033_pay_password_help',
  was: '011_pay_password',
  sql: /* sql */ `
-- The help article seeded before said the payment password starts as the login password.
UPDATE articles SET content = replace(content, '<p><b>支付密码有什么用？</b><br>支付密码用于绑定银行卡、USDT地址以及提交取款申请。请在“我的—安全设置—修改支付密码”中及时修改，切勿与登录密码相同。</p>', '<p><b>支付密码有什么用？</b><br>支付密码用于绑定银行卡、USDT地址以及提交取款申请，是与登录密码分开的另一组密码（6~18位，不能与登录密码相同）。首次绑定银行卡或取款时，系统会引导您设置；之后可在“我的—安全设置—设置支付密码”中修改。连续输错5次将锁定30分钟，并以站内信通知您，如需提前解锁请联系在线客服。</p>'), updated_at = now() WHERE type = 1;
`,
};

/**
 * The responsible-gambling article (type 8) promised a 7/30/90-day pause through customer service,
 * with no login; 安全与健康 is what the platform does. Replaced only where the seeded paragraph is
 * still there word for word (an article staff rewrote is left as they wrote it). The new text is the
 * seed's RESPONSIBLE_HELP as of this migration.
 */
export const responsibleArticle: Migration = {
  id: '076_responsible_article',
  was: '040_responsible_article',
  sql: /* sql */ `
UPDATE articles SET content = replace(content,
  '<p>您可以联系在线客服申请暂停账户（冷静期7天、30天或90天），冷静期内账户将无法登录游戏与存款。我们严禁未满18周岁的人士注册和使用本平台。</p>',
  '<p>您可以在「我的 → 安全与健康」为自己设置每日、每周、每月的存款、亏损和投注限额，以及单次登录的游戏时长：降低限额立即生效，提高或取消限额须等待24小时冷静期，期满后由您确认才生效。</p>
<p>您也可以随时开始冷静期（24小时、7天或30天）或自我排除（6个月、1年、5年或永久）：期间不能存款、转入场馆、游戏或参加活动，不再收到活动通知，登录和提款不受影响，且任何人（包括客服）都不能提前结束。</p>
<p>游戏提醒会按您设定的间隔（15~120分钟，默认60分钟）显示本次登录的游戏时长和输赢，确认后才能继续游戏。我们严禁未满18周岁的人士注册和使用本平台。</p>'), updated_at = now()
WHERE type = 8 AND content LIKE '%冷静期7天、30天或90天%';
`,
};

/** The seeded maintenance notice named a real provider (BBIN真人); it names the demo venue now, where staff left it as seeded. */
export const demoBrandNotice: Migration = {
  id: '096_demo_brand_notice',
  sql: /* sql */ `
UPDATE notices SET title = '演示真人B系统维护公告',
  content = '演示真人B将于本周三凌晨02:00~05:00进行例行维护，维护期间无法进入游戏，请提前将场馆余额转回中心钱包。给您带来不便，敬请谅解。'
WHERE title = 'BBIN真人系统维护公告'
  AND content = 'BBIN真人将于本周三凌晨02:00~05:00进行例行维护，维护期间无法进入游戏，请提前将场馆余额转回中心钱包。给您带来不便，敬请谅解。';
`,
};
