/**
 * The in-house lottery's pure engine (DESIGN §7): provably fair draws (fair.ts), plays, odds, exact RTP,
 * settlement and the room's playbox and result attributes (plays.ts), round numbering and timing
 * (schedule.ts). No I/O: the scheduler, routes and WebSocket wire it to the database and the ledger.
 */
export * from './fair.js';
export * from './plays.js';
export * from './schedule.js';
