import { useEffect, useRef, useState } from 'react';
import { SERVICE_PING_MS, SERVICE_STAFF_WS_PATH, WS_CLOSE, WS_PING_TEXT, type ServiceServerFrame } from '@app/contract';
import { tokenStore } from '../../shared/api';

export type DeskStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

/**
 * The desk's socket (/admin/api/service/ws): every message and conversation change, live. While it
 * is open the staff member counts as online for members. Reconnects with backoff; stops on 4401/4403.
 */
export function useDeskSocket(onFrame: (f: ServiceServerFrame) => void, onReopen: () => void): DeskStatus {
  const [status, setStatus] = useState<DeskStatus>('connecting');
  const handlers = useRef({ onFrame, onReopen });
  handlers.current = { onFrame, onReopen };
  useEffect(() => {
    let stopped = false;
    let attempt = 0;
    let opened = false;
    let ws: WebSocket | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      if (stopped) return;
      const token = tokenStore.get();
      const sock = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${SERVICE_STAFF_WS_PATH}?token=${encodeURIComponent(token)}`);
      ws = sock;
      sock.onopen = () => {
        attempt = 0;
        setStatus('open');
        ping = setInterval(() => sock.readyState === WebSocket.OPEN && sock.send(WS_PING_TEXT), SERVICE_PING_MS);
        if (opened) handlers.current.onReopen();
        opened = true;
      };
      sock.onmessage = (ev) => {
        if (typeof ev.data !== 'string' || ev.data === WS_PING_TEXT) return;
        try {
          handlers.current.onFrame(JSON.parse(ev.data) as ServiceServerFrame);
        } catch {
          /* not ours */
        }
      };
      sock.onclose = (ev) => {
        clearInterval(ping);
        if (stopped) return;
        if (ev.code === WS_CLOSE.unauthorized || ev.code === 4403) return setStatus('stopped');
        setStatus('reconnecting');
        retry = setTimeout(connect, Math.min(15_000, 1000 * 2 ** Math.min(attempt++, 4)));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      if (ws) {
        ws.onopen = ws.onmessage = ws.onclose = null;
        ws.close(1000);
      }
    };
  }, []);
  return status;
}
