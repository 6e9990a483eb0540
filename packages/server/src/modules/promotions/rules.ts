import { PROMO_MSG, rulesFromForm, rulesToForm, storedRules, type ActivityRules, type ActivityRulesForm } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import type { ReviewRecorder } from '../ledger/service.js';

/**
 * An activity's rules (activities.rules, the contract's ActivityRules in jsonb): this module is the
 * only writer of the column. Staff send the console's form (yuan); what is stored is the contract's
 * conversion of a form its schema has validated, so nothing unvalidated reaches a member's application.
 */

/** An activity's rules as the audit log records them: the form, or null (takes no application). */
export interface RulesChange {
  activity_id: number;
  title: string;
  rules: ActivityRulesForm | null;
}

/** Sets (or with null clears) an activity's rules; `record` writes the audit row in the same transaction. */
export async function setActivityRules(
  db: Kdb,
  activityId: number,
  form: Partial<Record<keyof ActivityRulesForm, unknown>> | null,
  record?: ReviewRecorder<RulesChange>,
): Promise<{ before: RulesChange; after: RulesChange }> {
  const rules: ActivityRules | null = form === null ? null : rulesFromForm(form);
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('activities').select(['id', 'title', 'rules']).where('id', '=', activityId).forUpdate().executeTakeFirst();
    if (!row) throw notFound(PROMO_MSG.activityMissing);
    const old = storedRules(row.rules);
    const before: RulesChange = { activity_id: row.id, title: row.title, rules: old ? rulesToForm(old) : null };
    await tx
      .updateTable('activities')
      .set({ rules: rules === null ? null : JSON.stringify(rules) })
      .where('id', '=', activityId)
      .execute();
    const after: RulesChange = { ...before, rules: rules ? rulesToForm(rules) : null };
    await record?.(tx, before, after);
    return { before, after };
  });
}
