import { useNavigate } from 'react-router';
import { formatYuan, REDPACKET_MSG } from '@app/contract';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { Page } from '../../../shared/components/Page';
import { ApiError } from '../../../shared/api/client';
import { useUser } from '../../../shared/auth/session';
import { useUserRedPacket } from '../api';
import { useRedPacketDraw } from '../hooks/useDraw';
import { DrawResult } from '../components/DrawResult';
import { DrawStats } from '../components/DrawStats';
import { Envelope } from '../components/Envelope';
import { Lantern } from '../components/Lantern';
import { RulesCard } from '../components/RulesCard';
import { TierCard } from '../components/TierCard';
import { WindowOverlay } from '../components/WindowOverlay';
import '../hongbao.css';

/**
 * /hongbao 抢红包 (spec §2, §3, §4, §8): the envelope with 開 (overlaid before and after the day's
 * window), the draws left, the member's figures against the tiers, and the rules text, all from GET
 * /api/userredpacket. The gate in app/routes.tsx has already answered visitors and the switch.
 */
export default function Hongbao() {
  const navigate = useNavigate();
  const q = useUserRedPacket();
  const { data: user } = useUser();
  const today = q.data;
  const { draw, opening, won, dismiss } = useRedPacketDraw(today);

  return (
    <Page
      title="抢红包"
      className="hongbao-page"
      right={
        <button type="button" className="page-link" data-testid="hongbao-records" onClick={() => navigate('/welfare')}>
          我的红包
        </button>
      }
    >
      <section className="hb-hero">
        <Lantern className="is-left" />
        <Lantern className="is-right" />
        <div className="hb-balance">
          中心钱包 <b data-testid="hongbao-balance">{user ? `¥${formatYuan(user.balance)}` : '--'}</b>
        </div>
        <h2 className="hb-title">天天抢红包</h2>
        <div className="hb-window">{today ? `每日 ${today.start_time}–${today.end_time} 开抢 · 北京时间` : '\u00a0'}</div>
      </section>

      <div className="hb-stage">
        {today ? (
          <Envelope opening={opening} covered={today.status !== 'STARTING'} sendnums={today.sendnums} onOpen={() => void draw()}>
            <WindowOverlay today={today} sinceMs={q.dataUpdatedAt} onOpenNow={() => void q.refetch()} />
          </Envelope>
        ) : q.isError ? (
          <div className="hb-failed" data-testid="hongbao-failed">
            <p>{q.error instanceof ApiError && q.error.code !== 0 ? q.error.message : REDPACKET_MSG.networkFailure}</p>
            <button type="button" onClick={() => void q.refetch()}>
              重新加载
            </button>
          </div>
        ) : (
          <div className="hb-loading">
            <DotLoading color="white" />
          </div>
        )}
      </div>

      {today && (
        <>
          <DrawStats today={today} />
          <TierCard today={today} onRecharge={() => navigate('/recharge')} />
          <RulesCard today={today} />
        </>
      )}
      {won && <DrawResult result={won} flowMultiple={today?.rules[0]?.flow_money ?? 0} onClose={dismiss} />}
    </Page>
  );
}
