import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { COMMISSION_MODEL_LABELS, COMMISSION_PERIOD_LABELS } from '@app/contract';
import { useCommissionPlan } from '../api';

/** 奖金介绍 (spec §2): the commission plan as staff configured it — its tiers as a table, then its rules as text. */
export function BonusTab() {
  const q = useCommissionPlan();
  if (q.isError)
    return (
      <ErrorBlock status="default" title="加载失败" description="网络开小差了，请稍后重试" className="inviter-error">
        <Button color="primary" size="small" onClick={() => void q.refetch()}>
          重新加载
        </Button>
      </ErrorBlock>
    );
  if (!q.data)
    return (
      <div className="inviter-bonus">
        <Skeleton animated className="inviter-skel" />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  const { plan, lines, tiers } = q.data;
  const rateHead = plan.model === 'net_loss' ? '佣金比例' : '每万元佣金';
  return (
    <div className="inviter-bonus" data-testid="invite-plan">
      <section className="inviter-card">
        <div className="inviter-plan-tags">
          <span className="inviter-tag is-gold">{COMMISSION_MODEL_LABELS[plan.model]}模式</span>
          <span className="inviter-tag">{COMMISSION_PERIOD_LABELS[plan.period]}结算</span>
          <span className="inviter-tag">{plan.multi_level ? '多级级差' : '直属下级'}</span>
        </div>
        <table className="inviter-table inviter-tiers" data-testid="invite-tiers">
          <thead>
            <tr>
              <th>档位</th>
              <th>{plan.model === 'net_loss' ? '团队负盈利' : '团队有效投注'}</th>
              <th>有效活跃</th>
              <th>{rateHead}</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((t, i) => (
              <tr key={t.level}>
                <td>{t.level}</td>
                <td>≥{plan.tiers[i]!.min.toLocaleString('zh-CN')}</td>
                <td>{t.active}</td>
                <td className="inviter-rate">{t.reward}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="inviter-card">
        <h3 className="inviter-section-title">佣金规则</h3>
        <ol className="inviter-rules" data-testid="invite-plan-lines">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
