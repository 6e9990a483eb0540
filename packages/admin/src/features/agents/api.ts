import type { AdminAgent, AdminAgentApplication, AdminMemberAgent, Page } from '@app/contract';
import { api } from '../../shared/api';

/** The console's agent calls (/admin/api), typed by the contract's shapes. */

export interface AgentApplicationsFilter {
  /** '' all, '0' 审核中, '1' 已通过, '2' 已拒绝 */
  state: string;
  keyword: string;
  page: number;
}

export interface AgentsFilter {
  keyword: string;
  page: number;
}

export const agentKeys = {
  applications: ['agent-applications'] as const,
  applicationsOf: (f: AgentApplicationsFilter) => ['agent-applications', f] as const,
  agents: ['agents'] as const,
  agentsOf: (f: AgentsFilter) => ['agents', f] as const,
  member: (id: number) => ['member', id, 'agent'] as const,
};

export const agentApi = {
  applications: async (f: AgentApplicationsFilter) => (await api.get<Page<AdminAgentApplication>>('/agent-applications', { ...f })).data,
  approve: (id: number) => api.post<AdminAgentApplication>(`/agent-applications/${id}/approve`),
  reject: ({ id, reason }: { id: number; reason: string }) => api.post<AdminAgentApplication>(`/agent-applications/${id}/reject`, { reason }),
  agents: async (f: AgentsFilter) => (await api.get<Page<AdminAgent>>('/agents', { ...f })).data,
  member: async (id: number) => (await api.get<AdminMemberAgent>(`/members/${id}/agent`)).data,
  /** grant (1) or revoke (0) agent status, with the reason the audit log keeps */
  setStatus: ({ id, isagent, reason }: { id: number; isagent: 0 | 1; reason: string }) => api.post<unknown>(`/members/${id}/agent`, { isagent, reason }),
};
