import type { ActivityForm, AdminActivity, AdminActivityApplication, AdminActivityDetail, AdminActivityType, Page } from '@app/contract';
import { api } from '../../shared/api';

/** The console's promotion calls (/admin/api), typed by the contract's shapes. */

export interface ApplicationsFilter {
  /** '' all, '0' 审核中, '1' 已通过, '2' 已拒绝 */
  state: string;
  keyword: string;
  /** '' every activity */
  activity_id: number | '';
  page: number;
}

export const promotionKeys = {
  activities: ['activities'] as const,
  activity: (id: number) => ['activity', id] as const,
  types: ['activity-types'] as const,
  applications: ['activity-applications'] as const,
  applicationsOf: (f: ApplicationsFilter) => ['activity-applications', f] as const,
};

export const promotionApi = {
  activities: async () => (await api.get<AdminActivity[]>('/activities')).data,
  activity: async (id: number) => (await api.get<AdminActivityDetail>(`/activities/${id}`)).data,
  createActivity: (form: ActivityForm) => api.post<AdminActivityDetail>('/activities', form),
  updateActivity: (id: number, form: ActivityForm) => api.post<AdminActivityDetail>(`/activities/${id}`, form),
  setEnabled: ({ id, enabled }: { id: number; enabled: boolean }) => api.post<{ id: number; enabled: boolean }>(`/activities/${id}/state`, { enabled }),
  orderActivities: (ids: number[]) => api.post<{ ids: number[] }>('/activities/order', { ids }),
  types: async () => (await api.get<AdminActivityType[]>('/activity-types')).data,
  createType: (name: string) => api.post<AdminActivityType>('/activity-types', { name }),
  renameType: ({ id, name }: { id: number; name: string }) => api.post<AdminActivityType>(`/activity-types/${id}`, { name }),
  orderTypes: (ids: number[]) => api.post<{ ids: number[] }>('/activity-types/order', { ids }),
  applications: async (f: ApplicationsFilter) => (await api.get<Page<AdminActivityApplication>>('/activity-applications', { ...f })).data,
  approve: (id: number) => api.post<AdminActivityApplication>(`/activity-applications/${id}/approve`),
  reject: ({ id, reason }: { id: number; reason: string }) => api.post<AdminActivityApplication>(`/activity-applications/${id}/reject`, { reason }),
  /** The queue of the filter (every page) as a CSV download; answers the file name. */
  exportApplications: ({ page: _page, ...f }: ApplicationsFilter) => api.download('/activity-applications.csv', f),
};

/** Where antd's Upload sends a banner, with the staff token (multipart field UPLOAD_FIELD). */
