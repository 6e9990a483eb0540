import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { signOut } from '../../../shared/auth/session';
import { logoff } from '../api';

/** 退出登录 (spec §4): after a confirm, revoke the session, clear everything, go to /login. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const yes = await Dialog.confirm({ title: '温馨提示', content: '确定要退出登录吗？', confirmText: '退出', cancelText: '取消' });
    if (!yes) return;
    await logoff();
    // Leave the guarded screen first, so its guard does not add a redirect back to it.
    await navigate('/login', { replace: true });
    signOut(qc);
  };
}
