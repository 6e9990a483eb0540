import type { EndSessionsForm, MemberCare, MemberProfileFields, MemberProfileForm, MemberTagsForm, MoveAgentAnswer, MoveAgentForm, ResetPasswordAnswer, ResetPasswordForm } from '@app/contract';
import { api } from '../../shared/api';

/** The console's 会员服务 calls (/admin/api/members/:id/…), typed by the contract's shapes. */

export const careKeys = {
  care: (id: number) => ['member', id, 'care'] as const,
};

export const careApi = {
  care: async (id: number) => (await api.get<MemberCare>(`/members/${id}/care`)).data,
  resetPassword: ({ id, form }: { id: number; form: ResetPasswordForm }) => api.post<ResetPasswordAnswer>(`/members/${id}/password/reset`, form),
  resetPayPassword: ({ id, reason }: { id: number; reason: string }) => api.post<null>(`/members/${id}/paypass/reset`, { reason }),
  unlockLogin: ({ id, reason }: { id: number; reason: string }) => api.post<null>(`/members/${id}/login/unlock`, { reason }),
  endSessions: ({ id, form }: { id: number; form: EndSessionsForm }) => api.post<{ ended: number }>(`/members/${id}/sessions/end`, form),
  addNote: ({ id, body }: { id: number; body: string }) => api.post<null>(`/members/${id}/notes`, { body }),
  setTags: ({ id, form }: { id: number; form: MemberTagsForm }) => api.post<{ tags: string[] }>(`/members/${id}/tags`, form),
  correctProfile: ({ id, form }: { id: number; form: MemberProfileForm }) => api.post<MemberProfileFields>(`/members/${id}/profile`, form),
  unbindCard: ({ id, card, reason }: { id: number; card: number; reason: string }) => api.post<unknown>(`/members/${id}/cards/${card}/unbind`, { reason }),
  moveAgent: ({ id, form }: { id: number; form: MoveAgentForm }) => api.post<MoveAgentAnswer>(`/members/${id}/agent/move`, form),
};
