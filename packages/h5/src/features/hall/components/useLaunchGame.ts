import { toast } from '../../../shared/lib/toast';
import { MSG, type GameEntry } from '@app/contract';
import { useToken } from '../../../shared/auth/session';
import { useGo } from '../../../shared/hooks/useGo';
import { gamePath } from '../api';

/** Game launch requires login (spec §5); a visitor gets 请登录！ on every tile, the electronic-game grids included. */
export function useLaunchGame() {
  const token = useToken();
  const go = useGo();
  return (g: GameEntry) => {
    if (!token) {
      void toast(MSG.notLoggedIn);
      return;
    }
    go(gamePath(g));
  };
}
