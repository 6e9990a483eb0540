import { useCallback, useEffect, useRef, useState } from 'react';
import { WS_CLOSE, WS_PING_INTERVAL_MS, WS_PING_TEXT, roomSocketUrl, type ClientFrame, type ServerFrame } from '@app/contract';

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

/** Reconnect delays: doubling from 1 s up to 15 s, with jitter so a restarted server is not hit at once. */
const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 15_000;
/** Consecutive failed attempts before giving up until the member asks again (重新连接). */
const RECONNECT_MAX_ATTEMPTS = 20;
/** A socket that stayed open this long counts as a good connection: the backoff starts over after it. */
const STABLE_MS = 5000;
/** Close codes after which trying again cannot help: a bad session, a missing room, too many tabs. */
const FINAL_CLOSES: readonly number[] = [WS_CLOSE.unauthorized, WS_CLOSE.roomMissing, WS_CLOSE.tooManyConnections];

export function reconnectDelayMs(attempt: number): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

interface Handlers {
  onFrame(frame: ServerFrame): void;
  /** The socket opened again after a drop: the caller catches up on what it missed. */
  onReopen(): void;
  /** The server closed for good (code is one of FINAL_CLOSES). */
  onFinalClose(code: number): void;
}

/**
 * The room's WebSocket (spec §7, DESIGN §7): `ping` every 3 s while open, JSON frames in and out,
 * reconnection with backoff after a drop, and everything stopped when the room is left.
 */
export function useRoomSocket(roomId: number, token: string, handlers: Handlers) {
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [generation, setGeneration] = useState(0);
  const socketRef = useRef<WebSocket | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!roomId || !token) return;
    let stopped = false;
    let attempt = 0;
    let opened = false;
    let openedAt = 0;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      if (stopped) return;
      setStatus(opened ? 'reconnecting' : 'connecting');
      const ws = new WebSocket(roomSocketUrl(window.location.origin, roomId, token));
      socketRef.current = ws;
      ws.onopen = () => {
        if (stopped) return;
        const again = opened;
        opened = true;
        openedAt = Date.now();
        setStatus('open');
        pingTimer = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send(WS_PING_TEXT);
        }, WS_PING_INTERVAL_MS);
        if (again) handlersRef.current.onReopen();
      };
      ws.onmessage = (ev) => {
        if (stopped || typeof ev.data !== 'string' || ev.data === WS_PING_TEXT) return;
        let frame: ServerFrame;
        try {
          frame = JSON.parse(ev.data) as ServerFrame;
        } catch {
          return;
        }
        if (frame && typeof frame === 'object') handlersRef.current.onFrame(frame);
      };
      ws.onclose = (ev) => {
        clearInterval(pingTimer);
        // A server that accepts and drops at once is not hammered: only a lasting connection resets the backoff.
        if (openedAt && Date.now() - openedAt >= STABLE_MS) attempt = 0;
        openedAt = 0;
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (FINAL_CLOSES.includes(ev.code)) {
          setStatus('stopped');
          handlersRef.current.onFinalClose(ev.code);
          return;
        }
        if (attempt >= RECONNECT_MAX_ATTEMPTS) {
          setStatus('stopped');
          return;
        }
        setStatus('reconnecting');
        retryTimer = setTimeout(connect, reconnectDelayMs(attempt++));
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
  }, [roomId, token, generation]);

  /** Sends a frame; false when the socket is not open (the caller tells the member). */
  const send = useCallback((frame: ClientFrame): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  /** After giving up: try again from the start. */
  const retry = useCallback(() => setGeneration((g) => g + 1), []);

  return { status, send, retry };
}
