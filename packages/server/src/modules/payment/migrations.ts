// Migrations of the tables modules/payment/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Deposit pay methods and the house's receiving accounts (demo rows). */
export const payment: Migration = {
  id: '012_payment',
  was: '002_cards_and_payment',
  sql: /* sql */ `
CREATE TABLE pay_methods (
  code text PRIMARY KEY CHECK (code IN ('bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20')),
  enabled boolean NOT NULL DEFAULT true,
  min_fen bigint NOT NULL CHECK (min_fen > 0),
  max_fen bigint NOT NULL,
  CHECK (max_fen >= min_fen)
);
INSERT INTO pay_methods (code, enabled, min_fen, max_fen) VALUES
  ('bank', true, 10000, 5000000),
  ('wechat', true, 10000, 1000000),
  ('alipay', true, 10000, 1000000),
  ('usdt-erc20', true, 10000, 10000000),
  ('usdt-trc20', true, 10000, 10000000);

CREATE TABLE receiving_accounts (
  id bigserial PRIMARY KEY,
  method text NOT NULL REFERENCES pay_methods(code),
  bank_name text NOT NULL DEFAULT '',
  bank_no text NOT NULL DEFAULT '',
  bank_owner text NOT NULL DEFAULT '',
  bank_address text NOT NULL DEFAULT '',
  mch_id text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  payimg text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX receiving_accounts_method_idx ON receiving_accounts (method) WHERE enabled;
INSERT INTO receiving_accounts (method, bank_name, bank_no, bank_owner, bank_address, mch_id, content, payimg, sort) VALUES
  ('bank', '招商银行', '6214 8301 2345 6789', '深圳星海网络科技有限公司', '招商银行深圳分行营业部', '', '', '', 1),
  ('usdt-trc20', 'USDT', '', '', '', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'TRC20', '/assets/logo.svg', 2),
  ('usdt-erc20', 'USDT', '', '', '', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ERC20', '/assets/logo.svg', 3),
  ('wechat', '微信支付', 'xinghai_pay', '星海客服', '', '', '', '/assets/logo.svg', 4),
  ('alipay', '支付宝', 'pay@xinghai.example', '星海客服', '', '', '', '/assets/logo.svg', 5);
`,
};

/** The demo receiving accounts get real payment codes (QR of the account) instead of the logo. */
export const demoPayImages: Migration = {
  id: '021_demo_pay_images',
  was: '005_demo_pay_images',
  sql: /* sql */ `
UPDATE receiving_accounts SET payimg = '/assets/pay/' || method || '.svg'
  WHERE method IN ('wechat', 'alipay', 'usdt-trc20', 'usdt-erc20') AND payimg = '/assets/logo.svg';
`,
};

/**
 * The banks card binding offers (/api/banklist), kept by staff in 支付设置 (modules/payment/banks.ts):
 * the list the platform shipped with as a constant, in its order.
 */
export const bankList: Migration = {
  id: '081_bank_list',
  was: '046b_bank_list',
  sql: /* sql */ `
CREATE TABLE banks (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 40),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO banks (name, sort) VALUES
  ('中国工商银行', 1),
  ('中国建设银行', 2),
  ('中国农业银行', 3),
  ('中国银行', 4),
  ('交通银行', 5),
  ('招商银行', 6),
  ('中国邮政储蓄银行', 7),
  ('中信银行', 8),
  ('中国光大银行', 9),
  ('华夏银行', 10),
  ('中国民生银行', 11),
  ('广发银行', 12),
  ('平安银行', 13),
  ('兴业银行', 14),
  ('上海浦东发展银行', 15),
  ('浙商银行', 16),
  ('渤海银行', 17),
  ('北京银行', 18),
  ('上海银行', 19),
  ('农村信用社', 20);
`,
};
