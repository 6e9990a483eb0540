import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { AGENT_PORTAL_MSG } from '@app/contract';
import { tokenStore } from '../../shared/api';
import { sessionEnd } from '../../shared/session';
import { FullScreenState } from '../../shared/components/FullScreenState';
import { tradeSettled, tradeTicket } from './api';

/**
 * #/login?ticket=…: the member app's 代理登录 opens the portal here. The ticket is traded for a portal
 * session once, the token kept in sessionStorage, and the URL replaced by #/ so the ticket stays out
 * of history. A bad, used or expired ticket shows the server's message full screen, no retry.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (!ticket) {
      setFailure(AGENT_PORTAL_MSG.ticketInvalid);
      return;
    }
    let live = true;
    tradeTicket(ticket).then(
      ({ token }) => {
        if (!live) return;
        tradeSettled(ticket);
        tokenStore.set(token);
        queryClient.clear();
        sessionEnd.restart();
        navigate('/', { replace: true });
      },
      (err: unknown) => {
        if (!live) return;
        tradeSettled(ticket);
        tokenStore.clear();
        setFailure(err instanceof Error && err.message ? err.message : AGENT_PORTAL_MSG.ticketInvalid);
      },
    );
    return () => {
      live = false;
    };
  }, [ticket, navigate, queryClient]);

  if (failure) return <FullScreenState status="warning" title="无法进入代理中心" message={failure} testId="ticket-invalid" />;
  return (
    <div className="portal-fullscreen" data-testid="login-pending">
      <Spin size="large" />
      <div className="portal-fullscreen-note">正在进入代理中心…</div>
    </div>
  );
}
