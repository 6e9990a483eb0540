import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { signOut } from '../../../shared/auth/session';
import { logoff } from '../api';

/** Ends the session on this device: everything cleared, then /login (spec §4). */
export function useLeaveSignedOut(): () => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return () => {
    signOut(qc);
    void navigate('/login', { replace: true });
  };
}

/** 退出登录 (spec §4): after a confirm, revoke the session, clear everything, go to /login. */
export function useLogout() {
  const leave = useLeaveSignedOut();
  return async () => {
    const yes = await Dialog.confirm({ title: '温馨提示', content: '确定要退出登录吗？', confirmText: '退出', cancelText: '取消' });
    if (!yes) return;
    // Revoke on the server first (a failure is ignored: the client clears itself anyway).
    await logoff();
    leave();
  };
}
