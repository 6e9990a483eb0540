import { useLocation, useNavigate } from 'react-router';
import { Toast } from 'antd-mobile';
import { MSG } from '@app/contract';

/** Navigates, or says 已在当前页面！ when the target is the screen already shown. */
export function useGo() {
  const navigate = useNavigate();
  const location = useLocation();
  return (to: string) => {
    if (to === location.pathname + location.search || to === location.pathname) {
      Toast.show({ content: MSG.alreadyHere });
      return;
    }
    navigate(to);
  };
}
