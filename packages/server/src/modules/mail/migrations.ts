// Migrations of the tables modules/mail/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Members' inbox (站内信). */
export const mails: Migration = {
  id: '009_mails',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE mails (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  title text NOT NULL,
  content text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mails_member_idx ON mails (member_id, id DESC);
`,
};

/**
 * 站内信 campaigns. A campaign's recipients are the audience's members up to upto_id when it was sent;
 * the sender writes them in batches, id order, after_id the last one written (moved in the batch's
 * transaction, so each member gets exactly one mail). Reads are counted from the mails themselves
 * (mails.campaign_id).
 */
export const mailCampaigns: Migration = {
  id: '055_mail_campaigns',
  was: '027_mail_campaigns',
  sql: /* sql */ `
CREATE TABLE mail_campaigns (
  id bigserial PRIMARY KEY,
  audience text NOT NULL CHECK (audience IN ('member', 'all', 'vip', 'agents')),
  member_id bigint REFERENCES members(id),
  vip integer,
  audience_label text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'done')),
  total integer NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  batches integer NOT NULL DEFAULT 0,
  upto_id bigint NOT NULL,
  after_id bigint NOT NULL DEFAULT 0,
  staff_id bigint NOT NULL,
  staff_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX mail_campaigns_sending_idx ON mail_campaigns (id) WHERE status = 'sending';
ALTER TABLE mails ADD COLUMN campaign_id bigint REFERENCES mail_campaigns(id);
CREATE INDEX mails_campaign_idx ON mails (campaign_id, read_at) WHERE campaign_id IS NOT NULL;
`,
};
