import type { AdminMailCampaign, AdminMailCampaignPage, MailAudiencePreview, MailCampaignForm } from '@app/contract';
import { api } from '../../shared/api';

/** The console's 站内信 calls (/admin/api/mail), typed by the contract's shapes. */

export const mailKeys = {
  campaigns: (page: number) => ['mail-campaigns', page] as const,
  all: ['mail-campaigns'] as const,
  audience: (f: Pick<MailCampaignForm, 'audience' | 'member' | 'vip'>) => ['mail-audience', f.audience, f.member ?? '', f.vip ?? ''] as const,
};

export const mailApi = {
  campaigns: async (page: number) => (await api.get<AdminMailCampaignPage>('/mail/campaigns', { page })).data,
  audience: async (f: Pick<MailCampaignForm, 'audience' | 'member' | 'vip'>) =>
    (await api.get<MailAudiencePreview>('/mail/audience', { audience: f.audience, member: f.member || undefined, vip: f.vip ?? undefined })).data,
  send: (form: MailCampaignForm) => api.post<AdminMailCampaign>('/mail/campaigns', form),
};
