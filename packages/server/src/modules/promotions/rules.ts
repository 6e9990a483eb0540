import { PROMO_MSG, rulesFromForm, rulesToForm, storedRules, type ActivityRules, type ActivityRulesForm } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import type { ReviewRecorder, Tx } from '../ledger/service.js';

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
  return db.transaction().execute(async (tx) => {
    const change = await writeActivityRules(tx, activityId, form);
    await record?.(tx, change.before, change.after);
    return change;
  });
}

/**
 * The same inside the caller's transaction (the console's activity editor saves an activity and its
 * rules together): locks the activity row, writes the rules, answers before and after.
 */
export async function writeActivityRules(
  tx: Tx,
  activityId: number,
  form: Partial<Record<keyof ActivityRulesForm, unknown>> | null,
): Promise<{ before: RulesChange; after: RulesChange }> {
  const rules: ActivityRules | null = form === null ? null : rulesFromForm(form);
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
  return { before, after };
}
