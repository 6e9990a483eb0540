import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/service-chat owns: only it writes them (scripts/check-tables.mjs). */
export interface ServiceChatTables {
  service_visitors: {
    id: Generated<number>;
    token_hash: string;
    ip: Generated<string>;
    created_at: Timestamp;
    last_seen_at: Timestamp;
  };
  service_conversations: {
    id: Generated<number>;
    member_id: number | null;
    visitor_id: number | null;
    state: Generated<'waiting' | 'open' | 'closed'>;
    staff_id: number | null;
    last_body: Generated<string>;
    last_sender: string | null;
    last_at: Timestamp;
    unread_staff: Generated<number>;
    unread_member: Generated<number>;
    created_at: Timestamp;
    closed_at: NullableTimestamp;
  };
  service_messages: {
    id: Generated<number>;
    conversation_id: number;
    sender: 'member' | 'staff' | 'system';
    staff_id: number | null;
    staff_name: string | null;
    body: string;
    created_at: Timestamp;
  };
  service_canned_replies: {
    id: Generated<number>;
    title: string;
    body: string;
    sort: Generated<number>;
    created_at: Timestamp;
  };
  service_staff_presence: {
    staff_id: number;
    last_seen_at: Timestamp;
  };
}
