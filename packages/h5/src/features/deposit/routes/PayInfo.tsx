import { useNavigate, useSearchParams } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, ExclamationCircleFill, MessageOutline } from 'antd-mobile-icons';
import { DEPOSIT_EXPIRY, formatRate, formatYuan, MSG, ORDER_STATE, ORDER_STATE_LABELS, TIMING, type PayInfo as PayInfoData } from '@app/contract';
import { Page } from '../../../shared/components/Page';
import { SmartImage } from '../../../shared/components/SmartImage';
import { useGo } from '../../../shared/hooks/useGo';
import { usePayInfo } from '../api';
import { failureMessage } from '../../../shared/api/client';
import { CopyRow } from '../components/CopyRow';
import { QrImage } from '../components/QrImage';
import { beijingMs, mmss, useCountdown } from '../components/useCountdown';
import { DEPOSIT_RECORDS } from '../components/records';
import '../components/deposit.css';

const WINDOW_MS = TIMING.paymentWindowMin * 60_000;

/**
 * The end of the payment window: 60 minutes from created_at (spec §4). The server also says how many
 * seconds were left when it answered, which is immune to a wrong clock on the phone: used when given.
 */
function deadlineOf(info: PayInfoData['info'], receivedAtMs: number): number {
  if (typeof info.expires_in === 'number' && Number.isFinite(info.expires_in)) return receivedAtMs + info.expires_in * 1000;
  return beijingMs(info.created_at) + WINDOW_MS;
}

function StatusCard({ data, seconds }: { data: PayInfoData; seconds: number }) {
  const { info } = data;
  const pending = info.state === ORDER_STATE.pending;
  // Over on the phone's clock, or closed by the server (DEPOSIT_EXPIRY): the same screen.
  const expired = info.expired === true || (pending && seconds <= 0);
  const icon = expired ? <ExclamationCircleFill /> : !pending ? info.state === ORDER_STATE.approved ? <CheckCircleFill /> : <CloseCircleFill /> : <ClockCircleFill />;
  const title = expired ? DEPOSIT_EXPIRY.title : !pending ? ORDER_STATE_LABELS[info.state] : '等待支付';
  return (
    <section className={`pay-status${expired ? ' expired' : ''}${!pending && !expired ? ' done' : ''}`} data-testid="pay-status">
      <div className="pay-status-head">
        <span className="pay-status-icon">{icon}</span>
        <span data-testid="pay-state">{title}</span>
      </div>
      <div className="pay-status-amount">
        <span>¥</span>
        <b data-testid="pay-amount">{formatYuan(info.amount)}</b>
      </div>
      {(pending || expired) && (
        <div className="pay-countdown">
          <span>{expired ? '支付时间已结束，请重新发起存款' : '请在以下时间内完成支付'}</span>
          <span className="pay-countdown-clock" data-testid="pay-countdown">
            {mmss(seconds)
              .split('')
              .map((ch, i) => (
                <i key={i} className={ch === ':' ? 'sep' : ''}>
                  {ch}
                </i>
              ))}
          </span>
        </div>
      )}
    </section>
  );
}

function UsdtCard({ data }: { data: PayInfoData }) {
  const { info, cardlist } = data;
  const protocol = cardlist.content || info.payname.replace(/^USDT-/, '');
  const usdt = info.usdt_amount.toFixed(2);
  return (
    <section className="dep-card pay-usdt" data-testid="pay-usdt">
      <div className="dep-card-title">
        USDT收款信息
        <span className={`pay-protocol pay-protocol-${protocol.toLowerCase()}`} data-testid="pay-protocol">
          {protocol}
        </span>
      </div>
      <div className="pay-usdt-due">
        <span>需支付</span>
        <div className="pay-usdt-figure">
          <b data-testid="pay-usdt-amount">{usdt}</b> USDT
        </div>
        {info.usdtrate > 0 && <span className="pay-usdt-rate">汇率 1 USDT ≈ {formatRate(info.usdtrate)} 元</span>}
      </div>
      {cardlist.mch_id && (
        <div className="pay-qr">
          <QrImage text={cardlist.mch_id} alt="USDT收款地址二维码" />
          <span>扫码或复制地址转账</span>
        </div>
      )}
      <CopyRow label="收款地址" value={cardlist.mch_id} testId="pay-address" mono />
      <CopyRow label="转账数量" value={usdt} display={`${usdt} USDT`} testId="pay-usdt-copy" />
      <div className="pay-warn">
        <ExclamationCircleFill /> 请使用 <b>{protocol}</b> 协议转账，协议错误将无法到账；请足额转账，不要少转。
      </div>
    </section>
  );
}

function ReceiverCard({ data }: { data: PayInfoData }) {
  const { info, cardlist } = data;
  const isBank = info.paytype === 'bank';
  return (
    <section className="dep-card pay-receiver" data-testid="pay-receiver">
      <div className="dep-card-title">{isBank ? '收款账户' : '扫码支付'}</div>
      {!isBank && cardlist.payimg && (
        <div className="pay-qr">
          <SmartImage src={cardlist.payimg} className="pay-img" label="收款码" />
          <span>请使用{info.payname}扫码，付款 {formatYuan(info.amount)} 元</span>
        </div>
      )}
      {cardlist.bank_name && isBank && <CopyRow label="收款银行" value={cardlist.bank_name} testId="pay-bank" />}
      {cardlist.bank_owner && <CopyRow label="收款人" value={cardlist.bank_owner} testId="pay-owner" />}
      {cardlist.bank_no && <CopyRow label="收款账号" value={cardlist.bank_no} testId="pay-account" mono />}
      {cardlist.bank_address && isBank && <CopyRow label="开户行" value={cardlist.bank_address} testId="pay-branch" />}
    </section>
  );
}

/** /payInfo?deposit_no= (spec §2, §4): the order to pay, its 60-minute mm:ss countdown and where to pay. */
export default function PayInfo() {
  const [params] = useSearchParams();
  const depositNo = params.get('deposit_no') ?? '';
  const { data, error, isLoading } = usePayInfo(depositNo);

  if (!depositNo || error) {
    return (
      <Page title="支付信息" className="dep-page">
        <div className="dep-card dep-muted dep-none" data-testid="pay-missing">
          {error ? failureMessage(error) || '加载失败，请稍后再试' : MSG.orderMissing}
        </div>
      </Page>
    );
  }
  if (isLoading || !data)
    return (
      <Page title="支付信息" className="dep-page">
        <div className="dep-loading">
          <DotLoading color="primary" />
        </div>
      </Page>
    );

  return <PayInfoView order={data.order} payType={data.payType} receivedAtMs={data.receivedAtMs} />;
}

function PayInfoView({ order, payType, receivedAtMs }: { order: PayInfoData; payType: string; receivedAtMs: number }) {
  const navigate = useNavigate();
  const go = useGo();
  const { info } = order;
  const pending = info.state === ORDER_STATE.pending;
  const seconds = useCountdown(pending ? deadlineOf(info, receivedAtMs) : null);
  const expired = info.expired === true || (pending && seconds <= 0);
  const isUsdt = payType === 'usdtpay' || info.paytype.startsWith('usdt');
  return (
    <Page title="支付信息" className="dep-page">
      <StatusCard data={order} seconds={seconds} />
      <div className={expired ? 'pay-closed' : ''}>{isUsdt ? <UsdtCard data={order} /> : <ReceiverCard data={order} />}</div>
      <section className="dep-card pay-order">
        <div className="dep-card-title">订单信息</div>
        <CopyRow label="订单号" value={order.deposit_no} testId="pay-order-no" mono />
        <div className="info-row">
          <span>支付方式</span>
          <b data-testid="pay-method">{info.payname}</b>
        </div>
        <div className="info-row">
          <span>存款金额</span>
          <b>{formatYuan(info.amount)} 元</b>
        </div>
        <div className="info-row">
          <span>创建时间</span>
          <b data-testid="pay-time">{info.created_at}</b>
        </div>
      </section>
      <div className="pay-actions">
        {expired ? (
          <Button block color="primary" shape="rounded" className="dep-primary" data-testid="pay-again" onClick={() => navigate('/recharge')}>
            重新存款
          </Button>
        ) : (
          <Button block color="primary" shape="rounded" className="dep-primary" data-testid="pay-done" onClick={() => navigate(...DEPOSIT_RECORDS)}>
            我已付款
          </Button>
        )}
        <Button block shape="rounded" className="dep-ghost" data-testid="pay-records" onClick={() => navigate(...DEPOSIT_RECORDS)}>
          查看记录
        </Button>
      </div>
      <div className="dep-service">
        <span>支付遇到问题？</span>
        <button type="button" data-testid="pay-kefu" onClick={() => go('/kefu')}>
          <MessageOutline /> 联系在线客服
        </button>
      </div>
    </Page>
  );
}
