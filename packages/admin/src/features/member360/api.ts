import type {
  AdminBetRow,
  AdminDeposit,
  AdminLotteryOrderRow,
  AdminTransferRow,
  AdminWithdrawal,
  Member360Overview,
  MemberAuditRow,
  MemberBonusRow,
  MemberInviteeRow,
  MemberLoginRow,
  Page,
} from '@app/contract';
import { api } from '../../shared/api';

/** The console's 会员360°视图 calls (/admin/api/members/:id/…), typed by the contract's shapes. */

/** Each paged section of the view and the row it lists. */
export interface Member360Sections {
  deposits: AdminDeposit;
  withdrawals: AdminWithdrawal;
  transfers: AdminTransferRow;
  bets: AdminBetRow;
  'lottery-orders': AdminLotteryOrderRow;
  bonuses: MemberBonusRow;
  invitees: MemberInviteeRow;
  logins: MemberLoginRow;
  audit: MemberAuditRow;
}
export type Member360Section = keyof Member360Sections;

export const member360Keys = {
  all: (id: number) => ['member360', id] as const,
  overview: (id: number) => ['member360', id, 'overview'] as const,
  section: (id: number, section: Member360Section, page: number) => ['member360', id, section, page] as const,
};

export const member360Api = {
  overview: async (id: number) => (await api.get<Member360Overview>(`/members/${id}/overview`)).data,
  section: async <S extends Member360Section>(id: number, section: S, page: number) => (await api.get<Page<Member360Sections[S]>>(`/members/${id}/${section}`, { page })).data,
};
