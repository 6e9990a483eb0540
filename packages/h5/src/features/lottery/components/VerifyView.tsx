import { useEffect, useState } from 'react';
import { Sheet } from '../../../shared/components/Sheet';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { LeftOutline } from 'antd-mobile-icons';
import { BALL_MAX, DICE_FACES, LOTTERY_TYPE, rejectionLimit, type LotteryOpenItem, type LotteryType } from '@app/contract';
import { fairSupported, verifyRound, type FairReport } from '../fair';
import { ResultNumbers } from './Result';

function Mark({ ok }: { ok: boolean }) {
  return (
    <span className={`lot-mark ${ok ? 'lot-mark-ok' : 'lot-mark-bad'}`} data-testid="verify-mark" data-ok={ok}>
      {ok ? '✓' : '✗'}
    </span>
  );
}

/** One numbered step of the verification, with its ✓/✗ where the step checks something. */
function Step({ n, title, ok, children }: { n: number; title: string; ok?: boolean; children: React.ReactNode }) {
  return (
    <section className="lot-step">
      <h4>
        <span>{n}</span>
        {title}
        {ok === undefined ? null : <> <Mark ok={ok} /></>}
      </h4>
      {children}
    </section>
  );
}

function Steps({ report, item, type, code }: { report: FairReport; item: LotteryOpenItem; type: LotteryType; code: string }) {
  const limit = rejectionLimit(type === LOTTERY_TYPE.dice ? DICE_FACES : BALL_MAX);
  return (
    <>
      <div className={`lot-verdict ${report.ok ? 'ok' : 'bad'}`} data-testid="verify-verdict" data-ok={report.ok}>
        <span className="lot-verdict-icon">{report.ok ? '✓' : '✗'}</span>
        <div>
          <div className="lot-verdict-title">{report.ok ? '验证通过' : '验证失败'}</div>
          <div className="lot-verdict-sub">{report.ok ? '种子与开奖前公布的承诺一致，开奖号码由种子算出' : '本期数据与种子不符，请联系客服'}</div>
        </div>
      </div>

      <Step n={1} title="校验承诺" ok={report.commitmentOk}>
        <p>开奖后公开的种子（32字节，64位十六进制）做 SHA-256，应等于开盘前公布的承诺。</p>
        <dl className="lot-hash">
          <dt>种子</dt>
          <dd>{item.seed}</dd>
          <dt>SHA-256</dt>
          <dd data-testid="verify-computed">{report.computedCommitment || '—'}</dd>
          <dt>承诺</dt>
          <dd>{item.commitment}</dd>
        </dl>
      </Step>

      <Step n={2} title="生成随机字节">
        <p>
          以种子为密钥，对「彩种代码 + 期号 + ':' + 序号」做 HMAC-SHA256，每块 32 字节，按顺序逐字节读取。
        </p>
        {report.blocks.map((b) => (
          <dl key={b.counter} className="lot-hash">
            <dt>消息</dt>
            <dd>{b.message}</dd>
            <dt>HMAC</dt>
            <dd>{b.hex}</dd>
          </dl>
        ))}
      </Step>

      <Step n={3} title="无偏取数">
        <p>
          {type === LOTTERY_TYPE.dice
            ? `每颗骰子读一个字节 b：b < ${limit} 时点数 = 1 + b mod 6，否则舍弃该字节读下一个（拒绝采样，六个点数概率完全相等）。`
            : `每个号码读一个字节 b：b < ${limit} 时号码 = 1 + b mod 49，否则舍弃；与已开出的号码重复时也舍弃，直到开出七个不同号码，第七个为特码。`}
        </p>
        <div className="lot-bytes" data-testid="verify-bytes">
          {report.bytes.map((b, i) => (
            <span key={i} className={`lot-byte lot-byte-${b.outcome}`}>
              <code>{b.byte}</code>
              {b.outcome === 'value' ? <b>→ {b.number}</b> : b.outcome === 'duplicate' ? <i>重复 {b.number}</i> : <i>≥{b.limit} 舍弃</i>}
            </span>
          ))}
        </div>
      </Step>

      <Step n={4} title="比对结果" ok={report.numbersOk}>
        <div className="lot-compare">
          <span>算出</span>
          {report.numbers.length > 0 ? <ResultNumbers type={type} numbers={report.numbers} size="sm" /> : '—'}
        </div>
        <div className="lot-compare">
          <span>公布</span>
          <ResultNumbers type={type} numbers={item.extend.numbers} size="sm" />
        </div>
        <p className="lot-step-note">彩种代码：{code}，期号：{item.expect}</p>
      </Step>
    </>
  );
}

/** 公平性验证: recomputes a past round from its seed in this browser and shows every step. */
export function VerifyView({ item, type, code, onClose }: { item: LotteryOpenItem | null; type: LotteryType; code: string; onClose: () => void }) {
  const [report, setReport] = useState<FairReport | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setReport(null);
    setFailed(false);
    if (!item) return;
    if (!fairSupported()) {
      setFailed(true);
      return;
    }
    let live = true;
    verifyRound({ type, code, expect: item.expect, seed: item.seed, commitment: item.commitment, published: item.extend.numbers }).then(
      (r) => live && setReport(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [item, type, code]);

  return (
    <Sheet visible={!!item} onClose={onClose} position="right" bodyClassName="lot-verify" destroyOnClose>
      <div className="lot-verify-bar">
        <button type="button" aria-label="返回" onClick={onClose}>
          <LeftOutline />
        </button>
        <span>公平性验证 · 第{item?.expect}期</span>
      </div>
      <div className="lot-verify-body" data-testid="verify-view">
        {failed ? (
          <div className="lot-verdict bad">
            <span className="lot-verdict-icon">!</span>
            <div>
              <div className="lot-verdict-title">当前浏览器不支持验证</div>
              <div className="lot-verdict-sub">请在 HTTPS 页面或较新的浏览器中打开</div>
            </div>
          </div>
        ) : report && item ? (
          <Steps report={report} item={item} type={type} code={code} />
        ) : (
          <div className="lot-verify-loading">
            <DotLoading color="primary" />
            正在计算
          </div>
        )}
      </div>
    </Sheet>
  );
}
