import { useMemo, useRef, useState } from 'react';
import { Button, ErrorBlock, Skeleton, Swiper, Tabs } from 'antd-mobile';
import type { SwiperRef } from 'antd-mobile/es/components/swiper';
import { formatYuan, REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, type VipTier } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { VipProgress } from '../../../shared/components/VipProgress';
import { useToken, useUser } from '../../../shared/auth/session';
import { useGo } from '../../../shared/hooks/useGo';
import { useVipTiers, vipStanding } from '../api';
import { VipLevelBadge } from '../components/VipLevelBadge';
import { VIP_RULES } from '../components/rules';
import './vip.css';

/** Rates come in percent (0.8 = 0.80 %). */
const pct = (rate: number) => `${rate.toFixed(2)}%`;

/** /vip and /vip2 (spec §2): VIP特权 — ten tiers with their thresholds, rebate rates and the rules. */
export default function Vip() {
  const token = useToken();
  const tiers = useVipTiers();
  const user = useUser();
  // A member's screen waits for its level, so it opens on the right tab.
  const waiting = tiers.isPending || (!!token && user.isPending);
  return (
    <Page title="VIP特权" className="vip-page">
      {tiers.isError ? (
        <ErrorBlock status="default" title="加载失败" description="网络开小差了，请稍后重试" className="vip-error" data-testid="vip-error">
          <Button color="primary" size="small" onClick={() => void tiers.refetch()}>
            重新加载
          </Button>
        </ErrorBlock>
      ) : waiting || !tiers.data ? (
        <VipSkeleton />
      ) : (
        <VipContent tiers={tiers.data} level={user.data?.vip} paysum={user.data?.paysum ?? 0} flow={user.data?.flow ?? 0} />
      )}
    </Page>
  );
}

function VipSkeleton() {
  return (
    <div className="vip-body" data-testid="vip-loading">
      <Skeleton animated className="vip-skel-hero" />
      <Skeleton animated className="vip-skel-tabs" />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

function VipContent({ tiers, level, paysum, flow }: { tiers: VipTier[]; level: number | undefined; paysum: number; flow: number }) {
  const go = useGo();
  const initial = Math.max(0, tiers.findIndex((t) => t.level === (level ?? 1)));
  const [index, setIndex] = useState(initial);
  const swiper = useRef<SwiperRef>(null);
  const standing = useMemo(() => (level === undefined ? undefined : vipStanding({ vip: level, paysum, flow }, tiers)), [level, paysum, flow, tiers]);

  const pick = (key: string) => {
    const i = tiers.findIndex((t) => String(t.level) === key);
    if (i < 0) return;
    setIndex(i);
    swiper.current?.swipeTo(i);
  };

  return (
    <div className="vip-body" data-testid="vip-screen">
      <section className="vip-hero">
        {standing ? (
          <>
            <div className="vip-hero-row">
              <VipLevelBadge level={standing.level} size="lg" />
              <div className="vip-hero-text">
                <div className="vip-hero-title">
                  当前等级 <b data-testid="vip-current">VIP{standing.level}</b>
                </div>
                <div className="vip-hero-sub">{standing.next ? `晋级VIP${standing.next.level}需累计存款与流水同时达标` : '感谢您的支持，尊享最高返水比例'}</div>
              </div>
            </div>
            <VipProgress
              level={standing.level}
              nextLevel={standing.next?.level}
              bars={standing.bars}
              paysumYuan={paysum}
              flowYuan={flow}
              nextRechargeYuan={standing.next?.recharge}
              nextFlowYuan={standing.next?.flow}
            />
          </>
        ) : (
          <div className="vip-hero-row">
            <VipLevelBadge level={1} size="lg" />
            <div className="vip-hero-text">
              <div className="vip-hero-title">登录查看您的VIP等级</div>
              <div className="vip-hero-sub">存款与投注累计，逐级晋升，尊享更高返水</div>
            </div>
            <Button size="mini" shape="rounded" className="vip-hero-login" data-testid="vip-login" onClick={() => go('/login?redirect=/vip')}>
              立即登录
            </Button>
          </div>
        )}
      </section>

      <Tabs className="vip-tabs" activeKey={String(tiers[index]?.level)} onChange={pick} data-testid="vip-tabs">
        {tiers.map((t) => (
          <Tabs.Tab key={String(t.level)} title={`VIP${t.level}`} />
        ))}
      </Tabs>

      <Swiper
        ref={swiper}
        className="vip-swiper"
        defaultIndex={initial}
        indicator={() => null}
        onIndexChange={setIndex}
        slideSize={88}
        trackOffset={6}
        stuckAtBoundary={false}
        data-testid="vip-swiper"
      >
        {tiers.map((t) => {
          const reached = level !== undefined && level >= t.level;
          return (
            <Swiper.Item key={t.level}>
              <div className={`vip-card vip-card-l${Math.min(10, t.level)}`} data-testid={`vip-card-${t.level}`}>
                <div className="vip-card-top">
                  <VipLevelBadge level={t.level} />
                  <span className="vip-card-name">{t.name || `VIP${t.level}`}</span>
                  <span className={`vip-state ${reached ? 'reached' : ''}`} data-testid={`vip-state-${t.level}`}>
                    {reached ? '已达标' : '未达标'}
                  </span>
                </div>
                <div className="vip-card-figures">
                  <div>
                    <div className="vip-figure" data-testid={`vip-recharge-${t.level}`}>
                      {formatYuan(t.recharge)}
                    </div>
                    <div className="vip-figure-label">累计存款（元）</div>
                  </div>
                  <div className="vip-card-split" />
                  <div>
                    <div className="vip-figure" data-testid={`vip-flow-${t.level}`}>
                      {formatYuan(t.flow)}
                    </div>
                    <div className="vip-figure-label">流水要求（元）</div>
                  </div>
                </div>
              </div>
            </Swiper.Item>
          );
        })}
      </Swiper>

      <section className="vip-section">
        <h3 className="vip-section-title">返水比例（最高）</h3>
        <div className="vip-table-wrap">
          <table className="vip-table" data-testid="vip-rates">
            <thead>
              <tr>
                <th>等级</th>
                {REBATE_CATEGORIES.map((c) => (
                  <th key={c}>{REBATE_CATEGORY_LABELS[c]}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tiers.map((t, i) => (
                <tr key={t.level} className={i === index ? 'active' : ''} data-testid={`vip-rates-${t.level}`}>
                  <td>VIP{t.level}</td>
                  {REBATE_CATEGORIES.map((c) => (
                    <td key={c}>{pct(t[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="vip-section">
        <h3 className="vip-section-title">规则说明</h3>
        <ol className="vip-rules" data-testid="vip-rules">
          {VIP_RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
