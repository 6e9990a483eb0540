import { WS_CLOSE, WS_PING_INTERVAL_MS, roomSocketUrl, type ClientFrame, type ServerFrame } from '@app/contract';
import { useLiveSocket } from '../../shared/hooks/useLiveSocket';

/** Close codes after which trying again cannot help: a bad session, a missing room, too many tabs. */
const OPTIONS = { pingMs: WS_PING_INTERVAL_MS, maxAttempts: 20, finalCloses: [WS_CLOSE.unauthorized, WS_CLOSE.roomMissing, WS_CLOSE.tooManyConnections] } as const;

interface Handlers {
  onFrame(frame: ServerFrame): void;
  /** The socket opened again after a drop: the caller catches up on what it missed. */
  onReopen(): void;
  /** The server closed for good (code is one of OPTIONS.finalCloses). */
  onFinalClose(code: number): void;
}

/**
 * The room's WebSocket (spec §7, DESIGN §7): `ping` every 3 s while open, JSON frames in and out,
 * reconnection with backoff after a drop, and everything stopped when the room is left. Without a
 * token it is a visitor's, who only listens.
 */
export function useRoomSocket(roomId: number, token: string, handlers: Handlers) {
  return useLiveSocket<ServerFrame, ClientFrame>(roomId ? roomSocketUrl(window.location.origin, roomId, token) : null, OPTIONS, handlers);
}
