import type { GameEntry } from '@app/contract';
import { useGo } from '../../../shared/hooks/useGo';
import { useRequireLogin } from '../../../shared/hooks/useRequireLogin';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
import { gamePath } from '../api';

/**
 * A tile's tap. Game launch requires login (spec §5): a visitor gets the login sheet on every tile, the
 * electronic-game grids included, and comes back to the game. During a time-out or self-exclusion a
 * member is told so instead of being sent to a launch the server would refuse.
 */
export function useLaunchGame() {
  const requireLogin = useRequireLogin();
  const { refuse } = usePlayBlock();
  const go = useGo();
  return (g: GameEntry) => {
    const path = gamePath(g);
    if (requireLogin(path) && !refuse()) go(path);
  };
}
