import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetRecord, BetRecordPage, ProviderGame, VenueGameInfo } from '@app/contract';
import { SLOT_MACHINES } from '../src/venue-demo/games/slots/machines.js';
import { DEMO_SEAMLESS } from '../src/seed/providers.js';
import { startServer, venueCall, type TestServer } from './harness.js';
import { fundedMember } from './transfer-helpers.js';

/**
 * The demo venue's slot machines as a member meets them (more games per provider):
 * four per electronic-game provider, each listed in its provider's game grid with a picture of its
 * own, launched from there, spun, and the spin settled through the bet feed into /api/betrecord;
 * likewise the second fishing tank, 金蟾捕鱼 at AE.
 * Each machine's RTP is proven in games-rtp.test.ts.
 */

const H5_PUBLIC = path.resolve(import.meta.dirname, '../../h5/public');
/** The machines added beside the first eight (two more per provider). */
const ADDED = ['obgdy_mahjong', 'obgdy_panda', 'fgdz_journey', 'fgdz_tiger', 'pp_olympus', 'pp_vegas', 'ae_space', 'ae_lucky'];

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0 });
});
afterAll(() => s.close());

describe('the slot machines of the demo venue', () => {
  it('every provider lists four machines or more, and every listed game has a picture file of its own', async () => {
    const pictures = new Map<string, string>();
    for (const provider of ['obgdy', 'fgdz', 'pp', 'ae']) {
      const r = await s.api<ProviderGame[]>('/api/gamelistBycode', { gamecode: provider });
      expect(r.code).toBe(200);
      const slots = r.data.filter((g) => SLOT_MACHINES.some((m) => m.code === g.gamecode));
      expect(slots.length, provider).toBeGreaterThanOrEqual(4);
      for (const g of r.data) pictures.set(g.gamecode, createHash('sha256').update(fs.readFileSync(path.join(H5_PUBLIC, g.gamepic))).digest('hex'));
    }
    for (const code of [...ADDED, 'ae_fishing']) expect(pictures.has(code), code).toBe(true);
    expect(new Set(pictures.values()).size).toBe(pictures.size);
  });

  it('each added machine launches from its provider, describes its own reels and symbols, and a spin lands in the bet records', async () => {
    const { token } = await fundedMember(s, 500);
    expect((await s.api('/api/uptransferstatus', { transferstatus: 1 }, { token })).code).toBe(200);
    const spins: Array<{ code: string; provider: string; bet_id: string; stake: number; win_loss: number; balanceBefore: number; balance: number }> = [];
    const labels = new Set<string>();
    for (const code of ADDED) {
      const m = SLOT_MACHINES.find((x) => x.code === code)!;
      const launched = await s.api('/api/getGameUrl', { plat_name: m.provider, game_type: 0, game_code: code, is_mobile_url: 1 }, { token });
      expect(launched.code, code).toBe(200);
      const exchanged = await s.api('/venue/api/session', { launch: (launched.data.url as string).split('launch=')[1] });
      expect(exchanged.code, code).toBe(200);
      expect(exchanged.data.game).toMatchObject({ code, kind: 'slot', provider: m.provider });
      expect(exchanged.data.wallet, code).toBe(m.provider === DEMO_SEAMLESS.venue ? 'central' : 'venue');
      const session = exchanged.data.session as string;
      const info = (await venueCall<VenueGameInfo>(s, `/games/${code}`, session)).data as Extract<VenueGameInfo, { kind: 'slot' }>;
      expect(info).toMatchObject({ code, name: m.name, reels: m.reels.length, rows: 3 });
      expect(info.symbols.map((x) => x.name)).toEqual(m.symbols.map((x) => x.label));
      for (const x of m.symbols.filter((y) => !y.kind)) labels.add(x.label);
      const r = await venueCall(s, '/play', session, { game: code, bet: { stake: info.stakes[0] } });
      expect(r.code, code).toBe(200);
      expect(r.data.balance).toBeCloseTo(exchanged.data.balance - r.data.stake + r.data.payout, 2);
      spins.push({ code, provider: m.provider, ...r.data, balanceBefore: exchanged.data.balance });
    }
    // every added machine has symbols of its own theme (no machine is another's reskin)
    expect(labels.size).toBeGreaterThanOrEqual(ADDED.length * 4);

    // 金蟾捕鱼, the second fishing tank (at AE): its own fish, a shot settled the same way
    const launched = await s.api('/api/getGameUrl', { plat_name: 'ae', game_type: 0, game_code: 'ae_fishing', is_mobile_url: 1 }, { token });
    expect(launched.code).toBe(200);
    const exchanged = await s.api('/venue/api/session', { launch: (launched.data.url as string).split('launch=')[1] });
    expect(exchanged.data.game).toMatchObject({ code: 'ae_fishing', kind: 'fishing', provider: 'ae' });
    const session = exchanged.data.session as string;
    const tank = (await venueCall<VenueGameInfo>(s, '/games/ae_fishing', session)).data as Extract<VenueGameInfo, { kind: 'fishing' }>;
    expect(tank.fish.map((f) => f.name)).toEqual(['水母', '鱿鱼', '章鱼', '剑鱼', '蓝鲸', '金蟾']);
    const shot = await venueCall(s, '/play', session, { game: 'ae_fishing', bet: { stake: tank.cannons[0] } });
    expect(shot.code).toBe(200);
    spins.push({ code: 'ae_fishing', provider: 'ae', ...shot.data, balanceBefore: exchanged.data.balance });

    const rec = await s.api<BetRecordPage<BetRecord>>('/api/betrecord', {}, { token });
    expect(rec.data.total).toBe(ADDED.length + 1);
    const byId = new Map(rec.data.data.map((x) => [x.bet_id, x]));
    for (const spin of spins) {
      const name = SLOT_MACHINES.find((x) => x.code === spin.code)?.name ?? '金蟾捕鱼';
      expect(byId.get(spin.bet_id), spin.code).toMatchObject({ api_type: spin.provider, category: 'concise', Code: name, bet_amount: spin.stake, win_loss: spin.win_loss, status: 1 });
    }
  });
});
