import { useQuery } from '@tanstack/react-query';
import type { StaffSecurity, StaffTotpSetup } from '@app/contract';
import { api } from '../../shared/api';
import { useAction } from '../../shared/useAction';

/** Staff two-factor sign-in (contract staff/security.ts): the staff member's own enrolment, and the operator's switch. */
export const totpApi = {
  setup: async () => (await api.post<StaffTotpSetup>('/2fa/setup')).data,
  enable: (code: string) => api.post('/2fa/enable', { code }),
  disable: (v: { password: string; code: string }) => api.post('/2fa/disable', v),
};

/** GET/POST /security (staff.manage). */
export function useStaffSecurity(enabled: boolean) {
  return useQuery({ queryKey: ['staff-security'], queryFn: async () => (await api.get<StaffSecurity>('/security')).data, enabled });
}
export function useSaveStaffSecurity() {
  return useAction((v: StaffSecurity) => api.post('/security', v), [['staff-security'], ['me']]);
}

/** POST /staff/:id/2fa/reset (staff.manage): the staff member enrols again; its sessions end. */
export function useResetStaffTotp() {
  return useAction((id: number) => api.post(`/staff/${id}/2fa/reset`), [['staff']]);
}
