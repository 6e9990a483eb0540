import { ADMIN_MSG, MEMBER_FIX_MSG, type MemberProfileFields } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { conflict, notFound } from '../../http/errors.js';
import type { ReviewRecorder } from '../ledger/service.js';

/**
 * Staff's correction of a member's name, mobile and email (the route has run the contract's rules):
 * the member row is locked, an unchanged set is refused, and `record` (the audit row) runs in the
 * same transaction with the values before and after. A trial account has no profile to correct.
 */
export async function correctProfile(
  db: Kdb,
  memberId: number,
  fields: MemberProfileFields,
  record: ReviewRecorder<MemberProfileFields>,
): Promise<MemberProfileFields> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('members').select(['realname', 'mobile', 'email']).where('id', '=', memberId).where('is_trial', '=', false).forUpdate().executeTakeFirst();
    if (!row) throw notFound(ADMIN_MSG.memberMissing);
    const before: MemberProfileFields = { realname: row.realname, mobile: row.mobile, email: row.email };
    const after: MemberProfileFields = { realname: fields.realname, mobile: fields.mobile, email: fields.email };
    if (before.realname === after.realname && before.mobile === after.mobile && before.email === after.email) throw conflict(MEMBER_FIX_MSG.profileUnchanged);
    await tx.updateTable('members').set(after).where('id', '=', memberId).execute();
    await record(tx, before, after);
    return after;
  });
}
