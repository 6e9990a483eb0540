import { useQuery } from '@tanstack/react-query';
import type { AgentApplication, AgentApplyStatus, Envelope } from '@app/contract';
import { call, request } from '../../shared/api/client';

/** The member's agent application calls (spec §7 applyagentdo). */

export const agentStatusKey = ['agents', 'applyStatus'] as const;

/** POST /api/applyagentstatus: an agent already, the application waiting or rejected, or the form. */
export function useAgentApplyStatus() {
  return useQuery({ queryKey: agentStatusKey, queryFn: () => request<AgentApplyStatus>('applyagentstatus') });
}

/** POST /api/applyagentdo: the answer's message is what the member sees, whatever the code. */
export function applyForAgent(body: { mobile: string; apply_info: string }): Promise<Envelope<AgentApplication | null>> {
  return call('applyagentdo', { body, overlay: true });
}
