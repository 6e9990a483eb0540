import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/mail owns: only it writes them (scripts/check-tables.mjs). */
export interface MailTables {
  mails: { id: Generated<number>; member_id: number; title: string; content: string; read_at: NullableTimestamp; created_at: Timestamp; campaign_id: Generated<number | null> };
  mail_campaigns: {
    id: Generated<number>;
    audience: string;
    member_id: number | null;
    vip: number | null;
    audience_label: string;
    title: string;
    content: string;
    status: Generated<string>;
    total: number;
    sent: Generated<number>;
    batches: Generated<number>;
    upto_id: number;
    after_id: Generated<number>;
    staff_id: number;
    staff_name: string;
    created_at: Generated<Date>;
    finished_at: NullableTimestamp;
  };
}
