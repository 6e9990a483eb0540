import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CODE, PAYPASS_STATE, type PayPasswordRefusal } from '@app/contract';
import { ApiError } from '../api/client';
import { useUser } from './session';

/**
 * The payment password (DESIGN §4) is the member's own secret, set on its own screen before the first
 * card binding or withdrawal. The screens that take it (card binding, withdrawal, /password?type=2)
 * send a member without one — or with one equal to its login password — there, and get it back after.
 */
export const PAY_PASSWORD_SETUP = '/payPassword';

/** The set-payment-password screen, coming back to `returnTo` (an in-app path) once it is set. */
export function payPasswordSetupPath(returnTo: string): string {
  return `${PAY_PASSWORD_SETUP}?redirect=${encodeURIComponent(returnTo)}`;
}

/** True when a refused call says the payment password must be set or replaced first (code 403, data.paypass_state). */
export function needsPayPassword(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== CODE.forbidden) return false;
  const data = error.data as Partial<PayPasswordRefusal> | null;
  return !!data && (data.paypass_state === PAYPASS_STATE.none || data.paypass_state === PAYPASS_STATE.mustReplace);
}

/**
 * For a screen that takes the payment password: the move to the set-payment-password screen,
 * replacing this one in the history so that back from there goes where the member came from; once
 * set, the member comes back to this screen (unless `comeBack` is false). With `onEntry` it is made
 * as soon as user info says none is set or it must be replaced; else only for a refusal the server
 * answers (needsPayPassword).
 */
export function usePayPasswordGate({ comeBack = true, onEntry = true }: { comeBack?: boolean; onEntry?: boolean } = {}): () => void {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const send = useCallback(() => navigate(comeBack ? payPasswordSetupPath(here) : PAY_PASSWORD_SETUP, { replace: true }), [navigate, here, comeBack]);
  const state = user?.paypass_state;
  // The trial account is refused every payment-password action anyway (试玩账号不支持此操作).
  const due = onEntry && state !== undefined && state !== PAYPASS_STATE.set && user?.is_trial !== 1;
  useEffect(() => {
    if (due) send();
  }, [due, send]);
  return send;
}
