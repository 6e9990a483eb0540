import { Link } from 'react-router';
import { moneyTone } from '@app/browser';
import { Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import type { AgentDownline } from '@app/contract';
import { signedYuan, yuan } from '../../../shared/format';

/** One team member in the list: masked name, tags, when it joined, its money within the filter. */
export function DownlineCard({ member: m }: { member: AgentDownline }) {
  return (
    <Link to={`/members/${m.id}`} className="downline-card" data-testid={`downline-${m.id}`}>
      <div className="downline-head">
        <div className="downline-avatar" aria-hidden>
          {[...m.username][0]?.toUpperCase() ?? '?'}
        </div>
        <div className="downline-who">
          <div className="downline-name">
            <span>{m.username}</span>
            <Tag className="vip-tag" bordered={false}>
              VIP{m.vip}
            </Tag>
            {m.is_agent && (
              <Tag color="purple" bordered={false}>
                代理
              </Tag>
            )}
          </div>
          <div className="downline-meta">
            ID {m.id} · 注册 {m.joined.slice(0, 10)}
          </div>
        </div>
        <RightOutlined className="downline-arrow" />
      </div>
      <div className="downline-figures">
        <div>
          <b>{yuan(m.deposits)}</b>
          <span>存款</span>
        </div>
        <div>
          <b>{yuan(m.withdrawals)}</b>
          <span>取款</span>
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
    </Link>
  );
}
