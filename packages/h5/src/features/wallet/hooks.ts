import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fenOfYuan, fenToYuan, isOverHeadroomText, MSG, TRANSFER_STATE, transferRules, type TransferForm, type UserInfo } from '@app/contract';
import { userKey, useUser } from '../../shared/auth/session';
import { refusalFields, type FieldErrors } from '../../shared/components/FieldErrors';
import { toast } from '../../shared/lib/toast';
import { failureMessage, showFailure } from '../../shared/api/client';
import { betAmountKey, fetchBetAmount, refreshUserMoney, setTransferStatus, transfer, transferAll, venuesKey, type TransferInput } from './api';

/** Central, game and total assets of the signed-in member, in yuan (total = balance + gameblance). */
export function useWalletFigures() {
  const { data: user } = useUser();
  const central = user?.balance ?? 0;
  const game = user?.gameblance ?? 0;
  return { user, central, game, total: fenToYuan(fenOfYuan(central) + fenOfYuan(game)), loaded: !!user };
}

/**
 * Refresh (refreshusermoney, the icon spinning meanwhile) and 一键回收 (transall: its message is
 * shown, then user info refreshes, spec §7), shared by /money, /transfer and /withdrawal.
 */
export function useWalletActions() {
  const qc = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [recycling, setRecycling] = useState(false);

  const reload = useCallback(async () => {
    const fresh = await refreshUserMoney();
    qc.setQueryData<UserInfo>(userKey, fresh);
    await qc.invalidateQueries({ queryKey: venuesKey });
  }, [qc]);

  const refresh = useCallback(async () => {
    if (refreshing) return;
    setRefreshing(true);
    const started = Date.now();
    try {
      await reload();
    } catch (e) {
      showFailure(e);
    } finally {
      // A spin shorter than one turn reads as a flicker.
      setTimeout(() => setRefreshing(false), Math.max(0, 500 - (Date.now() - started)));
    }
  }, [refreshing, reload]);

  const recycle = useCallback(async () => {
    if (recycling) return;
    setRecycling(true);
    try {
      const { message } = await transferAll();
      void toast({ content: message });
      await reload().catch(showFailure);
    } catch (e) {
      showFailure(e);
    } finally {
      setRecycling(false);
    }
  }, [recycling, reload]);

  return { refreshing, recycling, refresh, recycle, reload };
}

/** The auto-transfer switch (transferstatus 0/1 through uptransferstatus), kept in the cached user. */
export function useAutoTransfer() {
  const qc = useQueryClient();
  const { data: user } = useUser();
  const on = user?.transferstatus === 1;
  const set = useCallback(
    async (checked: boolean) => {
      const status: 0 | 1 = checked ? 1 : 0;
      try {
        await setTransferStatus(status);
        qc.setQueryData<UserInfo>(userKey, (u) => (u ? { ...u, transferstatus: status } : u));
      } catch (e) {
        showFailure(e);
      }
    },
    [qc],
  );
  return { on, set, loaded: !!user };
}

/** The remaining turnover requirement (打码量). */
export function useBetAmount() {
  return useQuery({ queryKey: betAmountKey, queryFn: fetchBetAmount, staleTime: 0 });
}

/**
 * One transfer between the central wallet and a venue: the shared rules first (the same first
 * message as the server, spec §5), then the call; a failure about a field is shown under it, any other
 * message as a toast, and every balance reloads. Resolves true when the money moved (or is pending settlement).
 */
export function useTransfer(errors: FieldErrors, names?: Partial<Record<keyof TransferForm, string>>) {
  const { reload } = useWalletActions();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (input: TransferInput): Promise<boolean> => {
      if (!errors.check(input, transferRules, names)) return false;
      if (busy) return false;
      setBusy(true);
      try {
        const { data, message } = await transfer(input);
        void toast(data.state === TRANSFER_STATE.success ? { icon: 'success', content: message } : message);
        return data.state !== TRANSFER_STATE.failed;
      } catch (e) {
        const message = failureMessage(e);
        const amount = names?.amount ?? 'amount';
        // 余额不足 and a limit's headroom (今日最多还可转入…元) are about the amount: under it.
        const more = { [MSG.insufficientBalance]: amount, [MSG.venueBalanceLow]: amount, ...(message && isOverHeadroomText(message) ? { [message]: amount } : {}) };
        errors.refuse(message, refusalFields(transferRules, names, more));
        return false;
      } finally {
        setBusy(false);
        await reload().catch(() => undefined);
      }
    },
    [busy, reload, errors, names],
  );
  return { busy, run };
}
