import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { MSG, SERVICE_LIMITS, SERVICE_STAFF_WS_PATH, WS_CLOSE, WS_PING_TEXT, roleCan, totpDue } from '@app/contract';
import type { StaffClient } from '../../modules/service-chat/hub.js';
import { dropPresence, staffOnline, touchPresence } from '../../modules/service-chat/service.js';
import { refuse } from '../../modules/service-chat/socket.js';
import { onStaffRevocation, resolveStaffSession } from '../../modules/staff/sessions.js';
import { getStaffSecurity } from '../../modules/staff/totp.js';

/**
 * GET /admin/api/service/ws?token=<staff token>: a staff member's service desk (service.chat, and
 * two-factor sign-in done where the operator requires it). It listens (staff act through
 * /admin/api/service/*): every conversation change and message reaches every desk. While a desk is
 * open (it pings, its session is checked at every heartbeat) its staff member counts as online for
 * members; the last desk of a staff member closing makes them offline at once. A desk whose session
 * ends (logout, the staff member disabled, its password or two-step sign-in reset) closes at once, on
 * whichever instance it is open.
 */

const FORBIDDEN_CLOSE = 4403;

interface Desk extends StaffClient {
  token: string;
}


export default async function serviceDeskSocket(app: FastifyInstance): Promise<void> {
  const hub = app.serviceHub;

  async function announcePresence(): Promise<void> {
    hub.toAllOwners({ type: 'presence', online: await staffOnline(app.kdb) });
  }

  // Heartbeat: the desks of this instance stay online; a desk whose session ended, or that went silent, closes.
  const beat = setInterval(() => {
    const idleBefore = Date.now() - app.config.wsIdleTimeoutMs;
    const desks = [...hub.staff()] as Desk[];
    void (async () => {
      const alive: number[] = [];
      for (const d of desks) {
        const staff = await resolveStaffSession(app.kdb, d.token);
        if (!staff || !roleCan(staff.role, 'service.chat')) refuse(d.ws, WS_CLOSE.unauthorized, MSG.sessionExpired);
        else if (d.lastSeenMs < idleBefore) d.ws.close(WS_CLOSE.idle);
        else alive.push(d.staffId);
      }
      await touchPresence(app.kdb, [...new Set(alive)]);
    })().catch((err) => app.log.warn({ err }, 'service desk: heartbeat failed'));
  }, Math.min(SERVICE_LIMITS.staffHeartbeatMs, app.config.wsIdleTimeoutMs));
  beat.unref();
  hub.onStaffSessionsEnded((ended) => {
    for (const d of hub.staff()) {
      if ('staffId' in ended ? d.staffId === ended.staffId : d.tokenHash === ended.tokenHash) refuse(d.ws, WS_CLOSE.unauthorized, MSG.sessionExpired);
    }
  });
  const stopHearing = onStaffRevocation((r) => hub.endStaffSessions(r));
  app.addHook('onClose', async () => {
    clearInterval(beat);
    stopHearing();
  });

  async function admitDesk(ws: WebSocket, req: FastifyRequest): Promise<Desk | null> {
    const q = req.query as Record<string, unknown>;
    const token = typeof q.token === 'string' ? q.token : '';
    const staff = token ? await resolveStaffSession(app.kdb, token) : null;
    if (!staff) return refuse(ws, WS_CLOSE.unauthorized, MSG.sessionExpired);
    if (totpDue(staff.role, (await getStaffSecurity(app.kdb)).totp_required, staff.totpEnabled) || !roleCan(staff.role, 'service.chat')) return refuse(ws, FORBIDDEN_CLOSE, MSG.forbidden);
    if (ws.readyState !== ws.OPEN) return null;
    const d: Desk = { ws, staffId: staff.id, tokenHash: staff.tokenHash, token, lastSeenMs: Date.now() };
    hub.joinStaff(d);
    await touchPresence(app.kdb, [staff.id]);
    await announcePresence();
    return d;
  }

  async function leaveDesk(d: Desk): Promise<void> {
    hub.leaveStaff(d);
    if (hub.staffSockets(d.staffId) > 0) return;
    await dropPresence(app.kdb, d.staffId);
    await announcePresence();
  }

  app.get(SERVICE_STAFF_WS_PATH, { websocket: true, config: { maintenanceExempt: true } }, (ws, req) => {
    let desk: Desk | null = null;
    let gone = false;
    const admitted = admitDesk(ws, req)
      .then((d) => {
        if (d && gone) void leaveDesk(d);
        desk = gone ? null : d;
      })
      .catch((err) => {
        req.log.warn({ err }, 'service desk socket: admission failed');
        refuse(ws, 1011, MSG.internal);
      });
    ws.on('message', (data) => {
      void admitted.then(() => {
        if (!desk) return;
        desk.lastSeenMs = Date.now();
        if (data.toString() === WS_PING_TEXT && ws.readyState === ws.OPEN) ws.send(WS_PING_TEXT);
      });
    });
    ws.on('close', () => {
      gone = true;
      if (desk) leaveDesk(desk).catch((err) => req.log.warn({ err }, 'service desk: presence not dropped'));
      desk = null;
    });
    ws.on('error', (err) => req.log.debug({ err }, 'service desk socket error'));
  });
}
