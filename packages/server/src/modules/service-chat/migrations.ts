// Migrations of the tables modules/service-chat/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * 在线客服. A visitor is a device token the server issued (kept hashed); a conversation belongs to a
 * member or a visitor, at most one of theirs not closed at a time; messages are kept; staff presence
 * is the desk socket's last heartbeat.
 */
export const serviceChat: Migration = {
  id: '065_service_chat',
  was: '030_service_chat',
  sql: /* sql */ `
CREATE TABLE service_visitors (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE service_conversations (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members(id),
  visitor_id bigint REFERENCES service_visitors(id),
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'open', 'closed')),
  staff_id bigint REFERENCES staff(id),
  last_body text NOT NULL DEFAULT '',
  last_sender text,
  last_at timestamptz NOT NULL DEFAULT now(),
  unread_staff int NOT NULL DEFAULT 0,
  unread_member int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((member_id IS NULL) <> (visitor_id IS NULL))
);
CREATE UNIQUE INDEX service_conversations_member_live ON service_conversations (member_id) WHERE state <> 'closed' AND member_id IS NOT NULL;
CREATE UNIQUE INDEX service_conversations_visitor_live ON service_conversations (visitor_id) WHERE state <> 'closed' AND visitor_id IS NOT NULL;
CREATE INDEX service_conversations_state_idx ON service_conversations (state, last_at DESC);
CREATE INDEX service_conversations_member_idx ON service_conversations (member_id, id DESC);
CREATE INDEX service_conversations_visitor_idx ON service_conversations (visitor_id, id DESC);
CREATE TABLE service_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES service_conversations(id),
  sender text NOT NULL CHECK (sender IN ('member', 'staff', 'system')),
  staff_id bigint REFERENCES staff(id),
  staff_name text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_messages_conversation_idx ON service_messages (conversation_id, id);
CREATE TABLE service_canned_replies (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  sort int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE service_staff_presence (
  staff_id bigint PRIMARY KEY REFERENCES staff(id),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO service_canned_replies (title, body, sort) VALUES
  ('问候', '您好，很高兴为您服务，请问有什么可以帮您？', 1),
  ('请提供订单号', '请您提供一下订单号（存款或取款记录中可以查看），我马上为您查询。', 2),
  ('正在处理', '已为您提交加急处理，请您稍等几分钟，到账后会第一时间通知您。', 3),
  ('结束语', '感谢您的耐心等待，如还有其他问题随时联系我们，祝您生活愉快！', 4);
`,
};
