import { useQuery } from '@tanstack/react-query';
import { TIMING, type UserInfo } from '@app/contract';
import { fetchUser, useToken, userKey } from '../../../shared/auth/session';
import { useUnreadCount } from '../../../shared/api/mail';

/**
 * /mine's figures, live while it is shown: the user info (balance, 累计存款, turnover, VIP level) and
 * the unread mail refresh on the balance poll's cadence. The poll alone carries only the balance,
 * and a deposit approval also grows paysum, may promote the member just after (its own transaction)
 * and mails them: the figures would otherwise stay as they were when /mine opened.
 */
export function useLiveMine(): { user: UserInfo | undefined; unread: number } {
  const token = useToken();
  const { data: user } = useQuery({
    queryKey: userKey,
    queryFn: fetchUser,
    enabled: !!token,
    refetchInterval: TIMING.balancePollMs,
    refetchIntervalInBackground: false,
  });
  const unread = useUnreadCount(TIMING.balancePollMs);
  return { user, unread };
}
