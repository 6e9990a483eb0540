import { useLocation, useNavigate, useParams } from 'react-router';
import { moneyTone } from '@app/browser';
import { Button, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { AGENT_CHART_DAYS, fenOfYuan, fenToYuan, type AgentDay, type AgentFigures } from '@app/contract';
import { DayTable } from '../../shared/components/DayTable';
import { LoadError } from '../../shared/components/LoadError';
import { Section } from '../../shared/components/Section';
import { count, signedYuan, yuan } from '../../shared/format';
import { useDownlineMember } from './api';

const MONEY: (keyof AgentFigures)[] = ['deposits', 'withdrawals', 'valid_bets', 'win_loss'];
const active = (d: AgentDay) => MONEY.some((k) => d[k] !== 0);

function sum(days: AgentDay[]): AgentFigures {
  const t: AgentFigures = { new_members: 0, active_members: 0, first_deposits: 0, deposits: 0, withdrawals: 0, valid_bets: 0, win_loss: 0 };
  for (const d of days) for (const k of MONEY) t[k] = fenToYuan(fenOfYuan(t[k] + d[k]));
  return t;
}

/** One team member: who it is, its money all time, and its days of the last month that had any. */
export default function MemberPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { key } = useLocation();
  const { data: m, error, refetch, isPending } = useDownlineMember(id);
  const back = (
    <Button type="text" icon={<LeftOutlined />} onClick={() => (key !== 'default' ? navigate(-1) : navigate('/members'))} className="back-button" data-testid="member-back">
      团队
    </Button>
  );
  if (error)
    return (
      <div className="page">
        {back}
        <LoadError error={error} onRetry={() => void refetch()} />
      </div>
    );
  if (isPending)
    return (
      <div className="page">
        {back}
        <Section>
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Section>
      </div>
    );
  const days = m.days.filter(active).sort((a, b) => b.day.localeCompare(a.day));
  return (
    <div className="page member" data-testid="page-member">
      {back}
      <Section className="member-card" testId="member-detail">
        <div className="downline-head">
          <div className="downline-avatar is-large" aria-hidden>
            {[...m.username][0]?.toUpperCase() ?? '?'}
          </div>
          <div className="downline-who">
            <div className="downline-name is-large">
              <span data-testid="member-name">{m.username}</span>
              <Tag className="vip-tag" bordered={false}>
                VIP{m.vip}
              </Tag>
              {m.is_agent && (
                <Tag color="purple" bordered={false}>
                  代理
                </Tag>
              )}
            </div>
            <div className="downline-meta">ID {m.id}</div>
          </div>
        </div>
        <div className="downline-figures is-detail">
          <div>
            <b>{yuan(m.deposits)}</b>
            <span>累计存款</span>
          </div>
          <div>
            <b>{yuan(m.withdrawals)}</b>
            <span>累计取款</span>
          </div>
          <div>
            <b>{yuan(m.valid_bets)}</b>
            <span>有效投注</span>
          </div>
          <div>
            <b className={moneyTone(m.win_loss)}>{signedYuan(m.win_loss)}</b>
            <span>输赢</span>
          </div>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="member-facts">
          <Descriptions.Item label="注册时间">{m.joined || '—'}</Descriptions.Item>
          <Descriptions.Item label="最近登录">{m.last_login || '—'}</Descriptions.Item>
          <Descriptions.Item label="首次存款">{m.first_deposit || '未存款'}</Descriptions.Item>
          <Descriptions.Item label="邀请人数">{count(m.invited)}人</Descriptions.Item>
        </Descriptions>
      </Section>
      <Section title={`近${AGENT_CHART_DAYS}天明细`} extra={<span className="muted">仅列出有存取款或投注的日期</span>}>
        {days.length === 0 ? (
          <Empty className="portal-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={`近${AGENT_CHART_DAYS}天没有存取款或投注`} data-testid="member-days-empty" />
        ) : (
          <DayTable days={days} total={sum(days)} people={false} testId="member-days" />
        )}
      </Section>
    </div>
  );
}
