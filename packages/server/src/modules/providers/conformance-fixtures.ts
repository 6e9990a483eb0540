import { randomBytes } from 'node:crypto';
import type { Kdb } from '../../db/connect.js';
import { registerMember } from '../auth/service.js';
import { HOUSE, memberWalletId, post, systemAccountId } from '../ledger/service.js';
import { setOwnLimit, startOwnBlock } from '../protection/settings.js';
import { providerByCode, providerKeys } from './service.js';
import { issueSeamlessToken, seamlessUser } from './token.js';

/**
 * The players the seamless-wallet conformance kit (packages/provider-kit docs/conformance.md) needs,
 * made on this platform's database through the owners' own functions: registration, a ledger posting
 * from house:adjustments for their money, the protection settings (a self-exclusion, a wager limit),
 * and seamless tokens of the provider under test. Development and test databases only: it makes
 * members and money out of nothing, so it refuses a production environment.
 */
export interface PreparedFixtures {
  merchant: string;
  /** the provider's current key, which the kit signs with */
  key: string;
  fixtures: {
    game: string;
    currency: 'CNY';
    funded: { user: string; token: string };
    second: { user: string; token: string };
    excluded: { user: string; token: string };
    limited: { user: string; token: string; stakeFen: number };
    expiredToken: string;
    otherGame: { game: string; token: string };
  };
}

export const FIXTURE_DEFAULTS = {
  provider: 'DEMO_SW',
  game: 'conformance_slot',
  otherGame: 'conformance_table',
  fundedFen: 100_000,
  secondFen: 10_000,
  /** the limited player's daily wager limit, yuan; its fixture stake is twice that */
  wagerLimitYuan: 1,
} as const;

export function refuseProduction(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production') throw new Error('seamless fixtures make members and money out of nothing: development and test databases only (NODE_ENV=production)');
}

async function newMember(db: Kdb, fen: number): Promise<number> {
  const name = `cf${randomBytes(6).toString('hex')}`;
  await registerMember(db, { name, realname: name, password: randomBytes(12).toString('base64url'), paypassword: '', pid: '' }, { ip: '127.0.0.1', userAgent: 'seamless-fixtures' }, { adultCheck: false });
  const row = await db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
  if (fen > 0) {
    const [house, wallet] = await Promise.all([systemAccountId(db, HOUSE.adjustments), memberWalletId(db, row.id)]);
    await db.transaction().execute((tx) =>
      post(tx, { idemKey: `seamless-fixtures:${row.id}`, kind: 'adjustment', memo: 'seamless conformance fixture', entries: [{ accountId: house, amountFen: -fen }, { accountId: wallet, amountFen: fen }] }),
    );
  }
  return row.id;
}

export async function prepareSeamlessFixtures(db: Kdb, opts: { provider?: string; game?: string; otherGame?: string; env?: NodeJS.ProcessEnv } = {}): Promise<PreparedFixtures> {
  refuseProduction(opts.env);
  const code = opts.provider ?? FIXTURE_DEFAULTS.provider;
  const game = opts.game ?? FIXTURE_DEFAULTS.game;
  const otherGame = opts.otherGame ?? FIXTURE_DEFAULTS.otherGame;
  const provider = await providerByCode(db, code);
  if (!provider || provider.mode !== 'seamless') throw new Error(`no seamless provider ${code}`);
  const venue = provider.venues[0];
  if (!venue) throw new Error(`provider ${code} has no venue to record bets under`);
  const [key] = await providerKeys(db, provider.merchantId);
  const token = (memberId: number, o: { game?: string; ttlS?: number } = {}) => issueSeamlessToken(db, { memberId, provider: code, venue, game: o.game ?? game, ttlS: o.ttlS });
  const player = async (memberId: number) => ({ user: seamlessUser(memberId), token: await token(memberId) });
  const now = new Date();

  const funded = await newMember(db, FIXTURE_DEFAULTS.fundedFen);
  const second = await newMember(db, FIXTURE_DEFAULTS.secondFen);
  const excluded = await newMember(db, 1_000);
  await startOwnBlock(db, { id: excluded, isTrial: false }, { kind: 'exclusion', duration: '6m' }, now);
  const limited = await newMember(db, 1_000);
  await setOwnLimit(db, { id: limited, isTrial: false }, { kind: 'wager', period: 'day', limit: FIXTURE_DEFAULTS.wagerLimitYuan }, now);

  return {
    merchant: provider.merchantId,
    key: key!,
    fixtures: {
      game,
      currency: 'CNY',
      funded: await player(funded),
      second: await player(second),
      excluded: await player(excluded),
      limited: { ...(await player(limited)), stakeFen: 2 * FIXTURE_DEFAULTS.wagerLimitYuan * 100 },
      expiredToken: await token(funded, { ttlS: -60 }),
      otherGame: { game: otherGame, token: await token(funded, { game: otherGame }) },
    },
  };
}
