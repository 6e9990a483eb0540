import type { AdminSiteSettings, SiteMaintenanceForm, SiteSettingsForm } from '@app/contract';
import { api } from '../../shared/api';

/** The console's site-settings calls (/admin/api/site), typed by the contract's shapes. */

export const siteKeys = {
  settings: ['site-settings'] as const,
};

export const siteApi = {
  settings: async () => (await api.get<AdminSiteSettings>('/site/settings')).data,
  save: (form: SiteSettingsForm) => api.post<AdminSiteSettings>('/site/settings', form),
  maintenance: (m: SiteMaintenanceForm) => api.post<AdminSiteSettings>('/site/maintenance', m),
};
