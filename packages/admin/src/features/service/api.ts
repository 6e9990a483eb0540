import type { AdminMemberDetail, ServiceCannedReply, ServiceConversation, ServiceMessage, ServiceStaffPresence } from '@app/contract';
import { api } from '../../shared/api';

/** The console's 在线客服 calls (/admin/api/service), typed by the contract's shapes. */

export type DeskList = 'waiting' | 'mine' | 'open' | 'closed';

export const serviceKeys = {
  all: ['service'] as const,
  list: (state: DeskList) => ['service', 'list', state] as const,
  detail: (id: number) => ['service', 'detail', id] as const,
  staff: ['service', 'staff'] as const,
  canned: ['service', 'canned'] as const,
  member: (id: number) => ['service', 'member', id] as const,
};

export const serviceApi = {
  list: async (state: DeskList) => (await api.get<ServiceConversation[]>('/service/conversations', { state })).data,
  detail: async (id: number) => (await api.get<{ conversation: ServiceConversation; messages: ServiceMessage[] }>(`/service/conversations/${id}`)).data,
  claim: (id: number) => api.post<ServiceConversation>(`/service/conversations/${id}/claim`),
  reply: ({ id, content }: { id: number; content: string }) => api.post<ServiceMessage>(`/service/conversations/${id}/messages`, { content }),
  read: (id: number) => api.post<ServiceConversation>(`/service/conversations/${id}/read`),
  close: (id: number) => api.post<ServiceConversation>(`/service/conversations/${id}/close`),
  transfer: ({ id, staffId }: { id: number; staffId: number }) => api.post<ServiceConversation>(`/service/conversations/${id}/transfer`, { staff_id: staffId }),
  staff: async () => (await api.get<ServiceStaffPresence[]>('/service/staff')).data,
  canned: async () => (await api.get<ServiceCannedReply[]>('/service/canned')).data,
  saveCanned: ({ id, title, body, sort }: { id: number | null; title: string; body: string; sort: number }) =>
    api.post<ServiceCannedReply>(id ? `/service/canned/${id}` : '/service/canned', { title, body, sort }),
  deleteCanned: (id: number) => api.post<null>(`/service/canned/${id}/delete`),
  /** the member beside the chat (GET /admin/api/members/:id, members.read) */
  member: async (id: number) => (await api.get<AdminMemberDetail>(`/members/${id}`)).data,
};
