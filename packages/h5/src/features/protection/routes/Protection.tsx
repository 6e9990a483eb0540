import { useNavigate } from 'react-router';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { BLOCK_DURATION_LABEL, BLOCK_KIND_LABEL, blockedText, PROTECTION_MSG, type BlockState } from '@app/contract';
import { useUser } from '../../../shared/auth/session';
import { Page } from '../../../shared/components/Page';
import { RESPONSIBLE_ARTICLE } from '../../../shared/protection/links';
import { useProtection } from '../api';
import { BlockSection } from '../components/BlockSection';
import { LimitList } from '../components/LimitList';
import { RealitySection } from '../components/RealitySection';
import '../protection.css';

/**
 * /protection 安全与健康: the member's own limits with their use and pending changes, the
 * reality check's interval, and time-out or self-exclusion. Trial accounts have none of it.
 */
export default function Protection() {
  const { data: user } = useUser();
  const { data: state, isError, refetch } = useProtection();
  const navigate = useNavigate();
  const trial = user?.is_trial === 1;

  return (
    <Page title="安全与健康" className="prot-page" refreshable={!trial}>
      <div className="prot-hero">
        <div className="prot-hero-title">理性娱乐 · 量力而行</div>
        <p>为自己设定存款、亏损、投注和时长限额，需要时休息一下。限制由平台在每一次存款和投注时为您把关。</p>
        <button type="button" className="prot-hero-link" data-testid="protection-article" onClick={() => navigate(RESPONSIBLE_ARTICLE)}>
          阅读《负责任博彩》
        </button>
      </div>
      {trial ? (
        <ErrorBlock status="empty" title={PROTECTION_MSG.trial} description="" />
      ) : state ? (
        <>
          {state.block && <BlockBanner block={state.block} />}
          <h3 className="prot-section">限额设置</h3>
          <LimitList limits={state.limits} />
          <h3 className="prot-section">游戏提醒</h3>
          <RealitySection minutes={state.reality_minutes} />
          <h3 className="prot-section">冷静期与自我排除</h3>
          <BlockSection block={state.block} />
        </>
      ) : isError ? (
        <div className="prot-loading" onClick={() => void refetch()}>
          <ErrorBlock status="disconnected" title="加载失败" description="点击重试" />
        </div>
      ) : (
        <div className="prot-loading">
          <DotLoading />
        </div>
      )}
    </Page>
  );
}

/** The time-out or exclusion in force: what it stops, and when it ends. */
function BlockBanner({ block }: { block: BlockState }) {
  return (
    <div className={`prot-block-banner ${block.kind}`} data-testid="block-banner">
      <div className="prot-block-banner-head">
        <span className="prot-block-banner-kind">{BLOCK_KIND_LABEL[block.kind]}中</span>
        <span className="prot-block-banner-length">{BLOCK_DURATION_LABEL[block.duration]}</span>
      </div>
      <div className="prot-block-banner-dates">
        <span>开始：{block.started_at}</span>
        <span data-testid="block-until">结束：{block.until || '永久'}</span>
      </div>
      <p>{blockedText(block)}</p>
    </div>
  );
}
