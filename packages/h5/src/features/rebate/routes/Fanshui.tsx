import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { creditTone } from '@app/browser';
import { formatYuan, REBATE_STATE, type FanshuiRecord } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { DATE_LABELS, RecordFilters } from '../../../shared/components/RecordFilters';
import { userKey, useUser } from '../../../shared/auth/session';
import { toast } from '../../../shared/lib/toast';
import { betAmountKey, useVenueBalances, venuesKey, venuesOnly } from '../../wallet/api';
import { showFailure } from '../../../shared/api/client';
import { claimFanshui, fanshuiKey, fanshuiPages, fanshuiTotalsKey, useFanshuiTotals, type FanshuiFilter, type FanshuiTotals } from '../api';
import '../../../shared/components/records.css';
import '../fanshui.css';

/**
 * /fanshui 返水中心 (spec §2, §4 rebate): the pending amount with 一键领取, the claimed total of the
 * filters, date-range and game-platform filters over the list of daily rebate records, each 未领取
 * or with its claim time. A claim pays every pending record (POST /api/dofanshui), then the list,
 * the balances and the turnover still to play reload.
 */
export default function Fanshui() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<FanshuiFilter>({ date: 4, api_type: '' });
  const venues = useVenueBalances();
  const { data: user } = useUser();
  const totals = useFanshuiTotals(filter);
  const [busy, setBusy] = useState(false);
  const pages = fanshuiPages(filter, (t) => qc.setQueryData<FanshuiTotals>(fanshuiTotalsKey(filter), t));

  const claim = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { message, money } = await claimFanshui();
      void toast({ icon: 'success', content: `${message} +${formatYuan(money)}` });
      await Promise.all([
        qc.invalidateQueries({ queryKey: fanshuiKey }),
        qc.invalidateQueries({ queryKey: userKey }),
        qc.invalidateQueries({ queryKey: venuesKey }),
        qc.invalidateQueries({ queryKey: betAmountKey }),
      ]);
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  };

  const pending = totals.data?.nojisuan;
  return (
    <Page
      title="返水中心"
      className="record-page fanshui-page"
      right={
        <button type="button" className="page-link" data-testid="fanshui-rates" onClick={() => navigate('/vip')}>
          返水比例
        </button>
      }
    >
      <section className="fanshui-hero" data-testid="fanshui-summary">
        <div className="fanshui-hero-top">
          <div>
            <div className="fanshui-label">可领取返水（元）</div>
            <div className="fanshui-pending" data-testid="fanshui-pending">
              {pending === undefined ? '--' : formatYuan(pending)}
            </div>
          </div>
          {user && (
            <span className="fanshui-level" data-testid="fanshui-level">
              VIP{user.vip}
            </span>
          )}
        </div>
        <div className="fanshui-hero-bottom">
          <div className="fanshui-claimed">
            <span className="fanshui-label">已领取 · {DATE_LABELS[filter.date]}</span>
            <span className="fanshui-claimed-amount" data-testid="fanshui-claimed">
              {totals.data ? formatYuan(totals.data.jisuan) : '--'}
            </span>
          </div>
          <Button className="fanshui-claim" shape="rounded" loading={busy} disabled={busy} onClick={() => void claim()} data-testid="fanshui-claim">
            一键领取
          </Button>
        </div>
      </section>
      <p className="fanshui-note">返水按北京时间每日的有效投注与当日VIP等级的返水比例计算，次日结算后在此领取；领取后到账中心钱包，需完成1倍流水方可提现。</p>
      <div className="record-filters-bar">
        <RecordFilters testId="fanshui-filters" value={filter} venues={venuesOnly(venues.data)} onChange={setFilter} />
      </div>
      <InfiniteList queryKey={pages.queryKey} fetchPage={pages.fetchPage} itemKey={(r) => r.id} renderItem={(r) => <FanshuiRow record={r} />} className="record-list" />
    </Page>
  );
}

/**
 * One day's rebate of one platform and category: the amount (money waiting for the member reads as a
 * win; claimed, it is history), when it was settled, 未领取 or when it was claimed.
 */
function FanshuiRow({ record: r }: { record: FanshuiRecord }) {
  const claimed = r.state === REBATE_STATE.claimed;
  return (
    <div className={`record-row fanshui-row${claimed ? ' is-claimed' : ''}`} data-testid="fanshui-row">
      <span className="record-icon fanshui-icon">返</span>
      <div className="record-main">
        <div className="record-line">
          <span className="record-title">{r.gamename}</span>
          <span className={`record-amount fanshui-amount ${claimed ? 'money-even' : creditTone(r.money)}`} data-testid="fanshui-amount">
            +{formatYuan(r.money)}
          </span>
        </div>
        <div className="record-line">
          <span className="record-time">结算 {r.created_at}</span>
          <span className={`record-state ${claimed ? 'tone-success' : 'tone-warning'}`} data-testid="fanshui-state">
            {claimed ? '已领取' : '未领取'}
          </span>
        </div>
        {claimed && <div className="record-time" data-testid="fanshui-claimed-at">领取 {r.updated_at}</div>}
      </div>
    </div>
  );
}
