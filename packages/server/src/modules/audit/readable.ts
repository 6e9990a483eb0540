import { AUDIT_TARGET_LABELS, APPROVAL_KIND_LABELS, type ApprovalKind } from '@app/contract';
import type { Kdb } from '../../db/connect.js';

/**
 * The audit log for people: a row's target `kind:id` read as 会员 alice,
 * 取款订单 W2026…, 存款订单 D…, 员工 bob, 复核申请 #5（大额余额调整）; other kinds as their Chinese name and
 * id. One query per kind for a page (or an export), on primary keys.
 */
export async function targetLabels(db: Kdb, targets: readonly string[]): Promise<Map<string, string>> {
  const ids = (kind: string) => [...new Set(targets.filter((t) => t.startsWith(`${kind}:`)).map((t) => Number(t.slice(kind.length + 1))).filter((n) => Number.isSafeInteger(n) && n > 0))];
  const lookup = async <R extends { id: number }>(kind: string, read: (list: number[]) => Promise<R[]>, name: (r: R) => string) => {
    const list = ids(kind);
    const rows = list.length ? await read(list) : [];
    return new Map(rows.map((r) => [`${kind}:${r.id}`, name(r)]));
  };
  const found = await Promise.all([
    lookup('member', (l) => db.selectFrom('members').select(['id', 'username']).where('id', 'in', l).execute(), (r) => r.username),
    lookup('withdrawal', (l) => db.selectFrom('withdrawals').select(['id', 'withdraw_no']).where('id', 'in', l).execute(), (r) => r.withdraw_no),
    lookup('deposit', (l) => db.selectFrom('deposits').select(['id', 'deposit_no']).where('id', 'in', l).execute(), (r) => r.deposit_no),
    lookup('staff', (l) => db.selectFrom('staff').select(['id', 'username']).where('id', 'in', l).execute(), (r) => r.username),
    lookup('approval', (l) => db.selectFrom('staff_approvals').select(['id', 'kind']).where('id', 'in', l).execute(), (r) => `#${r.id}（${APPROVAL_KIND_LABELS[r.kind as ApprovalKind] ?? r.kind}）`),
  ]);
  const names = new Map(found.flatMap((m) => [...m]));
  return new Map(
    targets.map((t) => {
      const at = t.indexOf(':');
      const kind = at < 0 ? t : t.slice(0, at);
      const label = AUDIT_TARGET_LABELS[kind];
      if (!label) return [t, t];
      const rest = at < 0 ? '' : t.slice(at + 1);
      const name = names.get(t) ?? (/^\d+$/.test(rest) ? `#${rest}` : rest === 'settings' ? '' : rest);
      return [t, name ? `${label} ${name}` : label];
    }),
  );
}
