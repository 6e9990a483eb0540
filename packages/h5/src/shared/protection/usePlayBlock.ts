import { useQuery } from '@tanstack/react-query';
import { blockedText, type BlockState } from '@app/contract';
import { useToken, useUser } from '../auth/session';
import { toast } from '../lib/toast';
import { fetchPlayStatus, playStatusKey } from './playStatus';

export interface PlayBlock {
  /** the member's time-out or self-exclusion now, null when there is none (visitors and trial accounts too) */
  block: BlockState | null;
  /** false while a member's status is still being asked: nothing that invites play shows before it is known */
  known: boolean;
  /** For a tap that leads into play: during a block, says why (the server's words) and answers true. */
  refuse: () => boolean;
}

/**
 * A time-out or self-exclusion (DESIGN §12) as the screens see it: the server refuses every path into
 * play, and the screens stop inviting to it (banners, winners, the red packet, game tiles). Shares
 * /api/playStatus with the reality check, which polls it, so it costs no request of its own.
 */
export function usePlayBlock(): PlayBlock {
  const token = useToken();
  const { data: user } = useUser();
  const member = !!token && user?.is_trial === 0;
  const { data: status, isError } = useQuery({ queryKey: playStatusKey, queryFn: fetchPlayStatus, enabled: member });
  const block = member ? (status?.block ?? null) : null;
  // A status that could not be asked is no block here: the server still refuses every path into play.
  const known = !token || (!!user && (!member || !!status || isError));
  return {
    block,
    known,
    refuse: () => {
      if (!block) return false;
      void toast({ content: blockedText(block), duration: 3000 });
      return true;
    },
  };
}
