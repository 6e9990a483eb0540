import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { ensureAccount, HOUSE, openMemberWallet, post } from '../modules/ledger/service.js';
import { TRIAL_USERNAME } from './site.js';

export const TRIAL_DEMO_FEN = 2_000_000; // 20,000 yuan of demo money

/** The trial account: no one knows its password; guestlogin signs in to it by configuration. */
export async function seedTrialAccount(tx: Transaction<Database>): Promise<void> {
  const secret = randomBytes(24).toString('base64url');
  const member = await tx
    .insertInto('members')
    .values({
      username: TRIAL_USERNAME,
      password_hash: await hashPassword(secret),
      pay_password_hash: await hashPassword(secret),
      realname: '试玩用户',
      is_trial: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const wallet = await openMemberWallet(tx, member.id);
  const funding = await ensureAccount(tx, HOUSE.trialFunding, 'house', { allowNegative: true });
  await post(tx, {
    idemKey: `trial:seed:${member.id}`,
    kind: 'trial_funding',
    memo: '试玩账号体验金',
    entries: [
      { accountId: funding, amountFen: -TRIAL_DEMO_FEN },
      { accountId: wallet, amountFen: TRIAL_DEMO_FEN },
    ],
  });
}
