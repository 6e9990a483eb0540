import { useCallback, useEffect, useState } from 'react';
import { MSG, VENUE_LAUNCH_PARAM, type VenueBalanceInfo, type VenueMe, type VenueSession } from '@app/contract';
import { api, errorText, sessionToken, whenExpired } from './api';
import { GameScreen } from './GameScreen';
import { ToastHost } from './shell/toast';

type Boot = { state: 'loading' } | { state: 'expired'; message: string } | { state: 'error'; message: string } | { state: 'ready'; me: VenueMe };

/** Exchanges the launch token (first open) or re-reads the session (reload), then shows the session's game. */
async function boot(): Promise<VenueMe> {
  const url = new URL(window.location.href);
  const launch = url.searchParams.get(VENUE_LAUNCH_PARAM);
  if (launch) {
    // The token is single-use: take it out of the address bar before anything else can copy it.
    url.searchParams.delete(VENUE_LAUNCH_PARAM);
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    sessionToken.clear();
    const s = await api<VenueSession>('POST', '/session', { launch });
    sessionToken.set(s.session);
    const { session: _token, ...me } = s;
    return me;
  }
  if (!sessionToken.get()) throw Object.assign(new Error(MSG.venueLaunchInvalid), { expired: true });
  return api<VenueMe>('GET', '/me');
}

export function App() {
  const [boot_, setBoot] = useState<Boot>({ state: 'loading' });
  const [balance, setBalance] = useState(0);

  useEffect(() => {
    whenExpired((message) => setBoot({ state: 'expired', message }));
    boot().then(
      (me) => {
        setBalance(me.balance);
        setBoot({ state: 'ready', me });
        document.title = me.game.name;
      },
      (e: unknown) => {
        const expired = (e as { expired?: boolean; code?: number }).expired || (e as { code?: number }).code === 401;
        setBoot(expired ? { state: 'expired', message: errorText(e) } : { state: 'error', message: errorText(e) });
      },
    );
  }, []);

  const refreshBalance = useCallback(async () => {
    try {
      setBalance((await api<VenueBalanceInfo>('GET', '/balance')).balance);
    } catch {
      /* the last known balance stays; a 401 switches the screen */
    }
  }, []);

  return (
    <>
      {boot_.state === 'loading' && (
        <div className="splash">
          <div className="spinner" />
          <p>游戏加载中…</p>
        </div>
      )}
      {boot_.state === 'expired' && (
        <div className="splash">
          <div className="splash-icon">!</div>
          <h1>{MSG.venueLaunchInvalid}</h1>
          <p>{boot_.message !== MSG.venueLaunchInvalid ? boot_.message : '请返回大厅，重新打开游戏。'}</p>
        </div>
      )}
      {boot_.state === 'error' && (
        <div className="splash">
          <div className="splash-icon">!</div>
          <h1>{boot_.message}</h1>
          <button className="btn-gold" onClick={() => window.location.reload()}>
            重新加载
          </button>
        </div>
      )}
      {boot_.state === 'ready' && <GameScreen me={boot_.me} balance={balance} setBalance={setBalance} refreshBalance={refreshBalance} />}
      <ToastHost />
    </>
  );
}
