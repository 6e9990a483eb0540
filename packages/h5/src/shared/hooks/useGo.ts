import { useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { MSG } from '@app/contract';

/** Navigates, or says 已在当前页面！ when the target is the screen already shown. */
export function useGo() {
  const navigate = useNavigate();
  const location = useLocation();
  return (to: string) => {
    if (to === location.pathname + location.search || to === location.pathname) {
      void toast(MSG.alreadyHere);
      return;
    }
    navigate(to);
  };
}
