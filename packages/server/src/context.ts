import type { Config } from './config.js';
import type { Db, Kdb } from './db/connect.js';
import type { LotteryHub } from './modules/lottery/chat/hub.js';
import type { ServiceHub } from './modules/service-chat/hub.js';

/** What a signed-in member's request carries after `requireMember`. */
export interface SessionMember {
  id: number;
  username: string;
  isTrial: boolean;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    kdb: Kdb;
    /**
     * The epoch under which what this instance keeps from the database (sessions, members' balances)
     * may be trusted: 0 without Redis, the subscription's with Redis, null while Redis is away.
     */
    cacheEpoch: () => number | null;
    /** preHandler: answers 401 unless a valid bearer session is present. */
    requireMember: (req: FastifyRequest) => Promise<void>;
    /** The member of the request's bearer session when it is valid, else null (never a refusal): for routes a visitor may call too. */
    findMember: (req: FastifyRequest) => Promise<SessionMember | null>;
    /** preHandler: answers 试玩账号不支持此操作 for the trial account. */
    refuseTrial: (req: FastifyRequest) => Promise<void>;
    /** The lottery rooms' sockets on this instance and the fan-out to every instance's. */
    lotteryHub: LotteryHub;
    /** 在线客服: the desk's and the members' sockets on this instance and the fan-out to every instance's. */
    serviceHub: ServiceHub;
  }
  interface FastifyRequest {
    member: SessionMember | null;
  }
  interface FastifyContextConfig {
    /** Member routes answer 503 in maintenance; /api/app and the back-office do not. */
    maintenanceExempt?: boolean;
  }
}
