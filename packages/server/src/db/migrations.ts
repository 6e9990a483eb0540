/**
 * Every migration, in the one order they run. Each module declares its tables in its schema.ts and
 * the migrations that create, change, index or fill them in its migrations.ts (the demo venue in
 * venue-demo/); a migration touches only its own module's tables (it may reference others'). Ids are
 * NNN_name, numbered in the order below with no gaps, and db/migrate.ts applies each once.
 *
 * Until each module declared its own, one migration could touch several modules' tables; those were
 * split into one migration per module, each naming the id it ran under in `was`. On a database that
 * recorded the old id, db/migrate.ts records the new ids without running them again.
 *
 * To add a migration: append it to its owner's migrations.ts with the next number after the last id
 * below (and no `was`), and add it at the end of the list. A change to several modules' tables is one
 * migration per module, numbered in the order their data needs. Never edit a migration that has
 * shipped: add a new one.
 */
import type { Migration } from './migration.js';
import * as site from '../modules/site/migrations.js';
import * as user from '../modules/user/migrations.js';
import * as session from '../modules/session/migrations.js';
import * as auth from '../modules/auth/migrations.js';
import * as content from '../modules/content/migrations.js';
import * as games from '../modules/games/migrations.js';
import * as venues from '../modules/venues/migrations.js';
import * as promotions from '../modules/promotions/migrations.js';
import * as ledger from '../modules/ledger/migrations.js';
import * as deposits from '../modules/deposits/migrations.js';
import * as withdrawals from '../modules/withdrawals/migrations.js';
import * as transfers from '../modules/transfers/migrations.js';
import * as cards from '../modules/cards/migrations.js';
import * as payment from '../modules/payment/migrations.js';
import * as finance from '../modules/finance/migrations.js';
import * as lottery from '../modules/lottery/migrations.js';
import * as vip from '../modules/vip/migrations.js';
import * as rebate from '../modules/rebate/migrations.js';
import * as redpacket from '../modules/redpacket/migrations.js';
import * as agents from '../modules/agents/migrations.js';
import * as invites from '../modules/invites/migrations.js';
import * as commission from '../modules/commission/migrations.js';
import * as agentPortal from '../modules/agent-portal/migrations.js';
import * as mail from '../modules/mail/migrations.js';
import * as serviceChat from '../modules/service-chat/migrations.js';
import * as protection from '../modules/protection/migrations.js';
import * as turnover from '../modules/turnover/migrations.js';
import * as uploads from '../modules/uploads/migrations.js';
import * as staff from '../modules/staff/migrations.js';
import * as audit from '../modules/audit/migrations.js';
import * as reports from '../modules/reports/migrations.js';
import * as providers from '../modules/providers/migrations.js';
import * as venueDemo from '../venue-demo/migrations.js';

export type { Migration };

/** Each owner folder's migrations (the layout test holds each to the tables its schema.ts declares). */
export const migrationsByOwner: Record<string, Record<string, Migration>> = {
  'modules/site': site,
  'modules/user': user,
  'modules/session': session,
  'modules/auth': auth,
  'modules/content': content,
  'modules/games': games,
  'modules/venues': venues,
  'modules/promotions': promotions,
  'modules/ledger': ledger,
  'modules/deposits': deposits,
  'modules/withdrawals': withdrawals,
  'modules/transfers': transfers,
  'modules/cards': cards,
  'modules/payment': payment,
  'modules/finance': finance,
  'modules/lottery': lottery,
  'modules/vip': vip,
  'modules/rebate': rebate,
  'modules/redpacket': redpacket,
  'modules/agents': agents,
  'modules/invites': invites,
  'modules/commission': commission,
  'modules/agent-portal': agentPortal,
  'modules/mail': mail,
  'modules/service-chat': serviceChat,
  'modules/protection': protection,
  'modules/turnover': turnover,
  'modules/uploads': uploads,
  'modules/staff': staff,
  'modules/audit': audit,
  'modules/reports': reports,
  'modules/providers': providers,
  'venue-demo': venueDemo,
};

export const migrations: Migration[] = [
  site.siteSettings,
  user.members,
  session.sessions,
  auth.captchas,
  content.content,
  games.gameEntries,
  promotions.activities,
  vip.vipTiers,
  mail.mails,
  ledger.ledger,
  cards.memberCards,
  payment.payment,
  user.memberTurnoverRequirement,
  staff.staff,
  deposits.deposits,
  withdrawals.withdrawals,
  venues.venues,
  transfers.transfers,
  audit.auditLog,
  venueDemo.demoVenueWallet,
  payment.demoPayImages,
  user.memberFlow,
  games.betRecords,
  venueDemo.demoVenueGames,
  venueDemo.demoVenuePlay,
  lottery.lottery,
  venues.lotteryVenue,
  lottery.lotteryChat,
  auth.loginCounters,
  user.membersLoginLockDropped,
  staff.staffLoginLockDropped,
  user.payPassword,
  content.payPasswordHelp,
  venueDemo.demoVenueHedged,
  games.betsHedged,
  lottery.lotteryOrdersHedged,
  vip.vipHistory,
  user.memberVipPeriod,
  rebate.rebate,
  games.betRecordsSettledIdx,
  vip.vipHistoryNote,
  rebate.rebateRecordsDayIdx,
  promotions.activityApplications,
  redpacket.redPackets,
  deposits.depositsMemberReviewedIdx,
  uploads.uploads,
  agents.agentApplications,
  user.memberAgentSince,
  invites.commissionPlan,
  user.membersInviterCreatedIdx,
  commission.commission,
  agentPortal.agentPortal,
  withdrawals.withdrawalsMemberReviewedIdx,
  staff.staffTotp,
  mail.mailCampaigns,
  user.memberCare,
  reports.dailyStats,
  deposits.depositsReviewedIdx,
  withdrawals.withdrawalsReviewedIdx,
  lottery.lotteryOrdersCreatedIdx,
  session.sessionsCreatedIdx,
  user.membersReportIdx,
  ledger.ledgerEntriesAccountCreatedIdx,
  reports.dailyStatsFiguresIdx,
  serviceChat.serviceChat,
  staff.staffPasswordChange,
  finance.financeDesk,
  withdrawals.withdrawalsTxid,
  lottery.lotterySixPlays,
  lottery.lotteryRoomSettings,
  games.hallHighlights,
  protection.playerProtection,
  user.memberRealityCheck,
  session.sessionRealityAck,
  ledger.houseShards,
  content.responsibleArticle,
  staff.staffDisplayName,
  turnover.turnoverSources,
  lottery.lotteryScheduleChange,
  venueDemo.demoVenueHeadroom,
  payment.bankList,
  deposits.depositExpiry,
  vip.vipStandings,
  turnover.turnoverRequirements,
  transfers.transferSettings,
  protection.protectionRealityChecks,
  agents.agents,
  user.memberFiguresMoved,
  user.memberFiguresWithAccount,
  providers.gameProviders,
  providers.providerCallMinutes,
  venueDemo.demoVenueSeamless,
  venues.providerVenues,
  games.demoBrandTiles,
  venues.demoBrandVenues,
  content.demoBrandNotice,
  providers.seamlessRequestsAge,
];
