import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CODE, REDPACKET_MSG, type RedPacketDrawResult, type UserRedPacket } from '@app/contract';
import { ApiError } from '../../../shared/api/client';
import { userKey } from '../../../shared/auth/session';
import { confirmDialog } from '../../../shared/lib/dialog';
import { toast } from '../../../shared/lib/toast';
import { betAmountKey, venuesKey } from '../../wallet/api';
import { drawRedPacket, hongbaoKey, redPacketKey } from '../api';

/** The opening animation lasts at least this long, however fast the server answers. */
export const OPENING_MS = 1200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * 開 on /hongbao (spec §4, §8): without a draw left the toast 您暂未达到领取条件，快去完成吧！ and no
 * call; else the envelope spins while POST /api/douserredpacket runs, then the amount won. A refusal
 * shows the server's message in a dialog with 去充值; a network failure the toast 服务器异常，请稍后再试.
 * A win refreshes the balances, the turnover still to play, the draws left and the records.
 */
export function useRedPacketDraw(today: UserRedPacket | undefined) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [won, setWon] = useState<RedPacketDrawResult | null>(null);

  const draw = async () => {
    if (opening || !today) return;
    if (today.sendnums <= 0) {
      void toast(REDPACKET_MSG.notEligible);
      return;
    }
    setOpening(true);
    const startedMs = Date.now();
    let result: RedPacketDrawResult;
    try {
      result = await drawRedPacket();
    } catch (e) {
      setOpening(false);
      if (!(e instanceof ApiError)) throw e;
      if (e.code === 0) void toast(REDPACKET_MSG.networkFailure);
      else if (e.code !== CODE.unauthorized) {
        // The refusal may change what the screen shows (window closed, budget spent): read it again.
        void qc.invalidateQueries({ queryKey: hongbaoKey });
        if (await confirmDialog({ content: e.message, confirmText: '去充值', cancelText: '知道了' })) navigate('/recharge');
      }
      return;
    }
    await sleep(Math.max(0, OPENING_MS - (Date.now() - startedMs)));
    qc.setQueryData<UserRedPacket>(hongbaoKey, (d) => d && { ...d, sendnums: result.sendnums, acquirednum: result.acquirednum });
    setOpening(false);
    setWon(result);
    void Promise.all([
      qc.invalidateQueries({ queryKey: redPacketKey }),
      qc.invalidateQueries({ queryKey: userKey }),
      qc.invalidateQueries({ queryKey: venuesKey }),
      qc.invalidateQueries({ queryKey: betAmountKey }),
    ]);
  };

  return { draw, opening, won, dismiss: () => setWon(null) };
}
