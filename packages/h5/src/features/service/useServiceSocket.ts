import { useCallback, useEffect, useRef, useState } from 'react';
import { SERVICE_PING_MS, SERVICE_WS_PATH, WS_CLOSE, WS_PING_TEXT, type ServiceServerFrame } from '@app/contract';

export type ServiceSocketStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 15_000;
const RECONNECT_MAX_ATTEMPTS = 30;

function delayMs(attempt: number): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * The chat's WebSocket (/api/service/ws): by the member's session or the visitor's device token,
 * `ping` while open, reconnection with backoff after a drop (the server sends the whole state again
 * on every admission, so nothing is missed), stopped for good on 4401 (the identity is refused).
 */
export function useServiceSocket(query: string | null, onFrame: (f: ServiceServerFrame) => void, onRefused: () => void) {
  const [status, setStatus] = useState<ServiceSocketStatus>('connecting');
  const [generation, setGeneration] = useState(0);
  const socketRef = useRef<WebSocket | null>(null);
  const handlers = useRef({ onFrame, onRefused });
  handlers.current = { onFrame, onRefused };

  useEffect(() => {
    if (!query) return;
    let stopped = false;
    let attempt = 0;
    let opened = false;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      if (stopped) return;
      setStatus(opened ? 'reconnecting' : 'connecting');
      const ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${SERVICE_WS_PATH}?${query}`);
      socketRef.current = ws;
      ws.onopen = () => {
        if (stopped) return;
        opened = true;
        attempt = 0;
        setStatus('open');
        pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(WS_PING_TEXT), SERVICE_PING_MS);
      };
      ws.onmessage = (ev) => {
        if (stopped || typeof ev.data !== 'string' || ev.data === WS_PING_TEXT) return;
        try {
          handlers.current.onFrame(JSON.parse(ev.data) as ServiceServerFrame);
        } catch {
          /* not a frame of ours */
        }
      };
      ws.onclose = (ev) => {
        clearInterval(pingTimer);
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (ev.code === WS_CLOSE.unauthorized) {
          setStatus('stopped');
          handlers.current.onRefused();
          return;
        }
        if (attempt >= RECONNECT_MAX_ATTEMPTS) return setStatus('stopped');
        setStatus('reconnecting');
        retryTimer = setTimeout(connect, delayMs(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearInterval(pingTimer);
      clearTimeout(retryTimer);
      const ws = socketRef.current;
      socketRef.current = null;
      if (ws) {
        ws.onopen = ws.onmessage = ws.onclose = null;
        ws.close(1000);
      }
    };
  }, [query, generation]);

  const send = useCallback((content: string): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ content }));
    return true;
  }, []);
  const retry = useCallback(() => setGeneration((g) => g + 1), []);
  return { status, send, retry };
}
