import { SERVICE_PING_MS, SERVICE_WS_PATH, WS_CLOSE, type ServiceServerFrame } from '@app/contract';
import { useLiveSocket, type SocketStatus } from '../../shared/hooks/useLiveSocket';

export type ServiceSocketStatus = SocketStatus;

const OPTIONS = { pingMs: SERVICE_PING_MS, maxAttempts: 30, finalCloses: [WS_CLOSE.unauthorized] } as const;

/**
 * The chat's WebSocket (/api/service/ws): by the member's session or the visitor's device token
 * (`query`), reconnecting after a drop (the server sends the whole state again on every admission,
 * so nothing is missed), stopped for good on 4401 (the identity is refused).
 */
export function useServiceSocket(query: string | null, onFrame: (f: ServiceServerFrame) => void, onRefused: () => void) {
  const url = query ? `${window.location.origin.replace(/^http/, 'ws')}${SERVICE_WS_PATH}?${query}` : null;
  const { status, send, retry } = useLiveSocket<ServiceServerFrame, { content: string }>(url, OPTIONS, { onFrame, onFinalClose: onRefused });
  return { status, send: (content: string) => send({ content }), retry };
}
