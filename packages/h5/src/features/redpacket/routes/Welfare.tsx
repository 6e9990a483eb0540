import { useNavigate } from 'react-router';
import { creditTone } from '@app/browser';
import { formatYuan, type RedPacketRecord } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { fetchRedPacketRecords, recordsKey } from '../api';
import '../../../shared/components/records.css';
import '../welfare.css';

/** The welfare centre's entries (spec §2): the red packets, the rebate centre, the promotion records. */
const ENTRIES = [
  { key: 'hongbao', title: '抢红包', sub: '每日准时开抢', to: '/hongbao', icon: '红' },
  { key: 'fanshui', title: '返水中心', sub: '投注天天返', to: '/fanshui', icon: '返' },
  { key: 'activity', title: '活动记录', sub: '申请进度', to: '/activityRecord', icon: '活' },
] as const;

/**
 * /welfare 福利中心 (spec §2, §3 welfare records): three entries, then the member's red packets
 * (POST /api/redpacket, paged): each the amount won, when, and the deposits its draws counted.
 */
export default function Welfare() {
  const navigate = useNavigate();
  return (
    <Page title="福利中心" className="record-page welfare-page">
      <section className="welfare-hero">
        <div className="welfare-hero-title">福利中心</div>
        <div className="welfare-hero-sub">红包、返水、活动奖励，一站领取</div>
        <div className="welfare-entries">
          {ENTRIES.map((e) => (
            <button key={e.key} type="button" className={`welfare-entry is-${e.key}`} data-testid={`welfare-link-${e.key}`} onClick={() => navigate(e.to)}>
              <span className="welfare-entry-icon">{e.icon}</span>
              <span className="welfare-entry-title">{e.title}</span>
              <span className="welfare-entry-sub">{e.sub}</span>
            </button>
          ))}
        </div>
      </section>
      <h3 className="welfare-section">红包记录</h3>
      <InfiniteList queryKey={recordsKey} fetchPage={fetchRedPacketRecords} itemKey={(r) => r.id} renderItem={(r) => <RecordRow record={r} />} className="record-list" />
    </Page>
  );
}

/** One draw: +amount, 已到账 (a draw is credited at once: usetime = created_at), when, the deposits it counted. */
function RecordRow({ record: r }: { record: RedPacketRecord }) {
  return (
    <div className="record-row welfare-row" data-testid="welfare-row">
      <span className="record-icon welfare-row-icon">红</span>
      <div className="record-main">
        <div className="record-line">
          <span className="record-title">
            红包<span className="record-state tone-success">已到账</span>
          </span>
          <span className={`record-amount welfare-amount ${creditTone(r.redpacketmoney)}`} data-testid="welfare-amount">
            +¥{formatYuan(r.redpacketmoney)}
          </span>
        </div>
        <div className="record-line">
          <span className="record-time" data-testid="welfare-time">{r.created_at}</span>
          <span className="welfare-deposit" data-testid="welfare-deposit">
            存款 ¥{formatYuan(r.money)}
          </span>
        </div>
      </div>
    </div>
  );
}
