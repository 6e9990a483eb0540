import { useNavigate } from 'react-router';
import { MSG, walletPath, type CardType } from '@app/contract';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/lib/toast';

/** The server's message for a failed call, or null for a network failure (the spec stays silent). */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.code === 0 ? null : error.message || MSG.internal;
  return MSG.internal;
}

export function showFailure(error: unknown): void {
  const message = failureMessage(error);
  if (message) void toast({ content: message });
}

/** After a bind: 绑定成功, then back where the member came from (or to the card list). */
export function useBindDone(type: CardType) {
  const navigate = useNavigate();
  return () => {
    void toast({ icon: 'success', content: MSG.cardBound });
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) navigate(-1);
    else navigate(walletPath(type), { replace: true });
  };
}
