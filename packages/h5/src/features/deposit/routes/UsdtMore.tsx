import { ExclamationCircleFill } from 'antd-mobile-icons';
import { Page } from '../../../shared/components/Page';
import { PayIcon } from '../components/PayIcons';
import { USDT_MORE } from '../texts';
import '../components/deposit.css';

/** /usdtmore (spec §2): what TRC20 and ERC20 are and how they differ; static content. */
export default function UsdtMore() {
  return (
    <Page title={USDT_MORE.title} className="dep-page">
      <section className="more-hero">
        <PayIcon tab="usdt" size={48} />
        <div>
          <div className="more-hero-title">USDT 泰达币</div>
          <p className="more-hero-text">{USDT_MORE.intro}</p>
        </div>
      </section>

      <section className="dep-card">
        <div className="dep-card-title">协议对比</div>
        <table className="more-table" data-testid="usdt-compare">
          <thead>
            <tr>
              <th />
              {USDT_MORE.columns.map((c) => (
                <th key={c}>
                  <span className={`more-badge more-badge-${c.toLowerCase()}`}>{c}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {USDT_MORE.rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                {r.values.map((v, i) => (
                  <td key={i}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="dep-card">
        <div className="dep-card-title">存款步骤</div>
        <ol className="more-steps">
          {USDT_MORE.how.map((s, i) => (
            <li key={s.title}>
              <span className="more-step-no">{i + 1}</span>
              <b>{s.title}</b>
              <span>{s.text}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="dep-card more-tips">
        <div className="dep-card-title">
          <span className="more-tips-icon">
            <ExclamationCircleFill />
          </span>
          重要提示
        </div>
        <ul>
          {USDT_MORE.tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
