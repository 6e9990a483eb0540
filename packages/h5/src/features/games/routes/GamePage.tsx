import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { CODE, formatYuan, MSG } from '@app/contract';
import { ApiError } from '../../../shared/api/client';
import { useAppInfo } from '../../../shared/api/app';
import { sessionEnded, userKey, useToken, useUser } from '../../../shared/auth/session';
import { askLogin } from '../../../shared/auth/loginAsk';
import { Frame } from '../../../shared/components/Frame';
import { toast } from '../../../shared/lib/toast';
import { useGames } from '../../hall/api';
import { VenueTransferSheet } from '../../wallet/api';
import { fetchAgentLoginUrl, fetchGameUrl } from '../api';
import { GameBar } from '../components/GameBar';
import '../games.css';

const BAR_PX = 44;

/** What the query asks the frame to show (spec §2 /gamePage). */
type Target = { kind: 'game'; name: string; type: string; code: string } | { kind: 'agent' } | { kind: 'service' } | { kind: 'app' };

function targetOf(params: URLSearchParams): Target {
  if (params.get('app') === '1') return { kind: 'app' };
  const daili = params.get('dailiD');
  if (daili === '1') return { kind: 'agent' };
  if (daili === '2') return { kind: 'service' };
  return { kind: 'game', name: params.get('name') ?? '', type: params.get('type') || '0', code: params.get('code') ?? '' };
}

/** Game launch and the agent login need a session (spec §5, §6); service and the download do not. */
const needsLogin = (t: Target) => t.kind === 'game' || t.kind === 'agent';

/** The bar's title: the venue's name from the hall's catalogue (the game names itself in the frame). */
function useGameTitle(target: Target): string {
  const { data: games } = useGames();
  if (target.kind === 'agent') return '代理登录';
  if (target.kind === 'service') return '在线客服';
  if (target.kind === 'app') return 'APP下载';
  return games?.find((g) => g.platform_name === target.name)?.name ?? target.name;
}

/**
 * Back to the screen that opened the game. A frame's own navigations join the tab's history, so the
 * entries added since this screen opened are skipped as well; opened directly, it goes to the hall.
 */
function useLeave() {
  const navigate = useNavigate();
  const lengthAtOpen = useRef(window.history.length);
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) window.history.go(-(1 + Math.max(0, window.history.length - lengthAtOpen.current)));
    else navigate('/', { replace: true });
  }, [navigate]);
}

/**
 * /gamePage?name=&type=&code=: a game in a full-screen frame under a slim bar (back, venue name,
 * re-enter, the balance opening a transfer sheet for this venue over the game). The frame's URL comes from getGameUrl at every opening
 * and every re-entry: launch URLs are single-use and short-lived. dailiD=1 frames the agent login,
 * dailiD=2 goes to customer service (/kefu), app=1 the iOS download. A failed call shows its message and goes back.
 */
export default function GamePage() {
  const [params] = useSearchParams();
  const target = targetOf(params);
  const token = useToken();
  const navigate = useNavigate();
  const leave = useLeave();
  const title = useGameTitle(target);
  const { data: app } = useAppInfo();
  const { data: user } = useUser();
  const qc = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  // A seamless venue's game plays the central wallet: no 转账 over it.
  const [transfers, setTransfers] = useState(true);
  const [offline, setOffline] = useState(false);
  const [launch, setLaunch] = useState(0);
  // The transfer sheet is loaded at the first 转账 and stays mounted, so that it slides away when closed.
  const [transfer, setTransfer] = useState<'never' | 'open' | 'closed'>('never');
  const blocked = needsLogin(target) && !token;
  const key = params.toString();

  // A visitor who opened a game's address: the hall under the login sheet, back to the game once signed in.
  useEffect(() => {
    if (!blocked || sessionEnded()) return;
    navigate('/', { replace: true });
    askLogin({ redirect: `/gamePage?${key}` });
  }, [blocked]);

  useEffect(() => {
    if (blocked) return;
    if (target.kind === 'app') {
      if (!app) return;
      if (app.ios_download_url) setUrl(app.ios_download_url);
      else {
        void toast(MSG.internal);
        leave();
      }
      return;
    }
    // Customer service is /kefu's: the external page configured in the settings in a frame, or the built-in live chat.
    if (target.kind === 'service') return void navigate('/kefu', { replace: true });
    let live = true;
    setUrl(null);
    setOffline(false);
    const ask = target.kind === 'game' ? fetchGameUrl(target.name, target.type, target.code) : fetchAgentLoginUrl().then((agent) => ({ url: agent }));
    ask.then(
      (fresh) => {
        if (!live) return;
        setUrl(fresh.url);
        setTransfers(!('wallet' in fresh) || fresh.wallet !== 'central');
        // With auto-transfer on, launching moved the central balance into the venue.
        if (target.kind === 'game') void qc.invalidateQueries({ queryKey: userKey });
      },
      (e: unknown) => {
        if (!live) return;
        // A network failure stays silent (spec §8) and offers another try; a refusal is shown and left.
        if (e instanceof ApiError && e.code === 0) {
          setOffline(true);
          return;
        }
        // An expired session is the shell's to end (to /login); leaving here would undo that.
        if (e instanceof ApiError && e.code === CODE.unauthorized) return;
        void toast(e instanceof Error && e.message ? e.message : MSG.internal);
        leave();
      },
    );
    return () => {
      live = false;
    };
  }, [key, launch, blocked, target.kind === 'app' ? app : null]);

  if (blocked) return null;
  const relaunch = target.kind === 'game' ? () => setLaunch((n) => n + 1) : undefined;
  return (
    <div className="game-page" data-testid="game-page">
      <GameBar title={title} onBack={leave} onRelaunch={relaunch} balance={target.kind === 'game' && user ? formatYuan(user.balance) : null} onTransfer={transfers ? () => setTransfer('open') : undefined} />
      {target.kind === 'game' && transfer !== 'never' && (
        <Suspense fallback={null}>
          <VenueTransferSheet platname={target.name} name={title} open={transfer === 'open'} onClose={() => setTransfer('closed')} />
        </Suspense>
      )}
      {url ? (
        <Frame key={`${launch}-${url}`} src={url} title={title} offsetPx={BAR_PX} />
      ) : offline ? (
        <ErrorBlock status="disconnected" title="网络异常" description="请检查网络后重新进入" style={{ paddingTop: 100 }} data-testid="game-offline">
          <button type="button" className="game-retry" onClick={() => setLaunch((n) => n + 1)}>
            重新进入
          </button>
        </ErrorBlock>
      ) : (
        <div className="game-loading" data-testid="game-launching">
          <DotLoading color="primary" />
          <span>{target.kind === 'game' ? '正在进入游戏' : '加载中'}</span>
        </div>
      )}
    </div>
  );
}
