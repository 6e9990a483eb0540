import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { signOut } from '../../../shared/auth/session';
import { logoff } from '../api';

/**
 * Goes to /login and clears the session once this (guarded) screen has left. Clearing first would
 * let the screen's guard, still mounted while the login chunk loads, add a redirect back to it.
 */
export function useLeaveSignedOut(): (beforeClear?: () => void) => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => pending.current?.(), []);
  return (beforeClear) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      beforeClear?.();
      signOut(qc);
    };
    pending.current = finish;
    setTimeout(finish, 3000);
    void navigate('/login', { replace: true });
  };
}

/** 退出登录 (spec §4): after a confirm, revoke the session, clear everything, go to /login. */
export function useLogout() {
  const leave = useLeaveSignedOut();
  return async () => {
    const yes = await Dialog.confirm({ title: '温馨提示', content: '确定要退出登录吗？', confirmText: '退出', cancelText: '取消' });
    // The logoff call takes the token before signOut clears it (and its 401 could not end a session twice).
    if (yes) leave(() => void logoff());
  };
}
