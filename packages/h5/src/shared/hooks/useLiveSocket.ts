import { useCallback, useEffect, useRef, useState } from 'react';
import { WS_PING_TEXT } from '@app/contract';

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

/** Reconnect delays: doubling from 1 s up to 15 s, with jitter so a restarted server is not hit at once. */
const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 15_000;
/** A socket that stayed open this long counts as a good connection: the backoff starts over after it. */
const STABLE_MS = 5000;

export function reconnectDelayMs(attempt: number): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export interface LiveSocketOptions {
  /** how often `ping` is sent while open */
  pingMs: number;
  /** consecutive failed attempts before giving up until the member asks again (retry) */
  maxAttempts: number;
  /** close codes after which trying again cannot help (a refused session, a missing room…) */
  finalCloses: readonly number[];
}

export interface LiveSocketHandlers<In> {
  onFrame(frame: In): void;
  /** the socket opened again after a drop: the caller catches up on what it missed */
  onReopen?(): void;
  /** the server closed for good with one of `finalCloses` */
  onFinalClose?(code: number): void;
}

/**
 * One of the app's live sockets (the lottery room, 在线客服): JSON frames in and out, `ping` while
 * open, reconnection with backoff after a drop (only a lasting connection resets it), a stop on a
 * final close, and everything closed when `url` changes or the screen is left (url null: none).
 */
export function useLiveSocket<In, Out>(url: string | null, opts: LiveSocketOptions, handlers: LiveSocketHandlers<In>) {
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [generation, setGeneration] = useState(0);
  const socketRef = useRef<WebSocket | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const optsRef = useRef(opts);
  optsRef.current = opts;

  useEffect(() => {
    if (!url) return;
    const { pingMs, maxAttempts, finalCloses } = optsRef.current;
    let stopped = false;
    let attempt = 0;
    let opened = false;
    let openedAt = 0;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      if (stopped) return;
      setStatus(opened ? 'reconnecting' : 'connecting');
      const ws = new WebSocket(url);
      socketRef.current = ws;
      ws.onopen = () => {
        if (stopped) return;
        const again = opened;
        opened = true;
        openedAt = Date.now();
        setStatus('open');
        pingTimer = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send(WS_PING_TEXT);
        }, pingMs);
        if (again) handlersRef.current.onReopen?.();
      };
      ws.onmessage = (ev) => {
        if (stopped || typeof ev.data !== 'string' || ev.data === WS_PING_TEXT) return;
        let frame: unknown;
        try {
          frame = JSON.parse(ev.data);
        } catch {
          return;
        }
        if (frame && typeof frame === 'object') handlersRef.current.onFrame(frame as In);
      };
      ws.onclose = (ev) => {
        clearInterval(pingTimer);
        // A server that accepts and drops at once is not hammered: only a lasting connection resets the backoff.
        if (openedAt && Date.now() - openedAt >= STABLE_MS) attempt = 0;
        openedAt = 0;
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (finalCloses.includes(ev.code)) {
          setStatus('stopped');
          handlersRef.current.onFinalClose?.(ev.code);
          return;
        }
        if (attempt >= maxAttempts) {
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
  }, [url, generation]);

  /** Sends a frame; false when the socket is not open (the caller tells the member). */
  const send = useCallback((frame: Out): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  /** After giving up: try again from the start. */
  const retry = useCallback(() => setGeneration((g) => g + 1), []);

  return { status, send, retry };
}
