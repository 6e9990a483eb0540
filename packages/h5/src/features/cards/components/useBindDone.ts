import { useNavigate } from 'react-router';
import { MSG, walletPath, type CardType } from '@app/contract';
import { toast } from '../../../shared/lib/toast';

/** After a bind: 绑定成功, then back where the member came from (or to the card list). */
export function useBindDone(type: CardType) {
  const navigate = useNavigate();
  return () => {
    void toast({ icon: 'success', content: MSG.cardBound });
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) navigate(-1);
    else navigate(walletPath(type), { replace: true });
  };
}
