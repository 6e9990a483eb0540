import type { Timestamp } from './columns.js';
import type { SiteTables } from '../modules/site/schema.js';
import type { UserTables, UserViews } from '../modules/user/schema.js';
import type { SessionTables } from '../modules/session/schema.js';
import type { AuthTables } from '../modules/auth/schema.js';
import type { ContentTables } from '../modules/content/schema.js';
import type { GamesTables } from '../modules/games/schema.js';
import type { VenuesTables } from '../modules/venues/schema.js';
import type { PromotionsTables } from '../modules/promotions/schema.js';
import type { LedgerTables } from '../modules/ledger/schema.js';
import type { DepositsTables } from '../modules/deposits/schema.js';
import type { WithdrawalsTables } from '../modules/withdrawals/schema.js';
import type { TransfersTables } from '../modules/transfers/schema.js';
import type { CardsTables } from '../modules/cards/schema.js';
import type { PaymentTables } from '../modules/payment/schema.js';
import type { FinanceTables } from '../modules/finance/schema.js';
import type { LotteryTables } from '../modules/lottery/schema.js';
import type { VipTables } from '../modules/vip/schema.js';
import type { RebateTables } from '../modules/rebate/schema.js';
import type { RedPacketTables } from '../modules/redpacket/schema.js';
import type { AgentsTables } from '../modules/agents/schema.js';
import type { InvitesTables } from '../modules/invites/schema.js';
import type { CommissionTables } from '../modules/commission/schema.js';
import type { AgentPortalTables } from '../modules/agent-portal/schema.js';
import type { MailTables } from '../modules/mail/schema.js';
import type { ServiceChatTables } from '../modules/service-chat/schema.js';
import type { ProtectionTables } from '../modules/protection/schema.js';
import type { TurnoverTables } from '../modules/turnover/schema.js';
import type { UploadsTables } from '../modules/uploads/schema.js';
import type { StaffTables } from '../modules/staff/schema.js';
import type { AuditTables } from '../modules/audit/schema.js';
import type { ReportsTables } from '../modules/reports/schema.js';
import type { ProvidersTables } from '../modules/providers/schema.js';
import type { DemoVenueTables } from '../venue-demo/schema.js';

/** The migrator's own record of what ran (db/migrate.ts). */
interface MigratorTables {
  schema_migrations: { id: string; applied_at: Timestamp };
}

/**
 * Every table, as Kysely sees it. Each module declares the tables it owns in its own schema.ts (the
 * demo venue in venue-demo/schema.ts), and the views it defines beside them; this only puts them together.
 */
export interface Database
  extends
  SiteTables, UserTables, SessionTables, AuthTables, ContentTables, GamesTables, VenuesTables,
  PromotionsTables, LedgerTables, DepositsTables, WithdrawalsTables, TransfersTables, CardsTables,
  PaymentTables, FinanceTables, LotteryTables, VipTables, RebateTables, RedPacketTables, AgentsTables,
  InvitesTables, CommissionTables, AgentPortalTables, MailTables, ServiceChatTables, ProtectionTables,
  TurnoverTables, UploadsTables, StaffTables, AuditTables, ReportsTables, ProvidersTables, DemoVenueTables, MigratorTables,
  UserViews {}
