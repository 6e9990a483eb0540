import type { AdminProvider, AdminProviderWithKey, NewProviderForm, ProviderEditForm, ProviderRotateForm, ProviderState } from '@app/contract';
import { api } from '../../shared/api';

/** The console's 游戏供应商 calls (/admin/api/providers), typed by the contract's shapes (games/providers.admin.ts). */

export const providerKeys = {
  providers: ['providers'] as const,
  /** the venues of 游戏目录's 场馆维护, which a new provider's venues join */
  venues: ['venues'] as const,
};

export const providerApi = {
  list: async () => (await api.get<AdminProvider[]>('/providers')).data,
  create: (form: NewProviderForm) => api.post<AdminProviderWithKey>('/providers', form),
  edit: ({ code, form }: { code: string; form: ProviderEditForm }) => api.post<AdminProvider>(`/providers/${encodeURIComponent(code)}`, form),
  setState: ({ code, state }: { code: string; state: ProviderState }) => api.post<AdminProvider>(`/providers/${encodeURIComponent(code)}/state`, { state }),
  rotate: ({ code, form }: { code: string; form: ProviderRotateForm }) => api.post<AdminProviderWithKey>(`/providers/${encodeURIComponent(code)}/rotate-key`, form),
};
