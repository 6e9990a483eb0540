import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { inviteLink, MSG } from '@app/contract';
import { useAppInfo } from '../../../shared/api/app';
import { useUser } from '../../../shared/auth/session';
import { toast } from '../../../shared/lib/toast';
import { copyText } from '@app/browser';
import { ShareSheet } from './ShareSheet';

/** Three steps of the programme, as the link tab explains it. */
const STEPS = [
  { n: '1', title: '分享链接', sub: '发送链接或海报' },
  { n: '2', title: '好友注册', sub: '成为您的团队成员' },
  { n: '3', title: '领取佣金', sub: '按周期结算发放' },
] as const;

/**
 * 邀请链接 (spec §2): the member's invite code (its id: the pid registration reads) and link on the
 * site's h5_url, a copy of each, and 立即邀请 opening the share sheet with the poster.
 */
export function LinkTab() {
  const { data: app } = useAppInfo();
  const { data: user } = useUser();
  const [sharing, setSharing] = useState(false);
  const link = user ? inviteLink(new URL(app?.h5_url || '/', window.location.origin).href, user.id) : '';
  const code = user ? String(user.id) : '';
  const poster = useMemo(
    () => ({ title: app?.title ?? '', logoUrl: app?.site_logo ? new URL(app.site_logo, window.location.origin).href : '', link, code }),
    [app?.title, app?.site_logo, link, code],
  );

  /** The link answers as spec §2 says (链接已复制到剪贴板 / 复制链接失败); the code with 复制成功！. */
  const copy = async (text: string, copied: string) => {
    const done = await copyText(text);
    void toast(done ? { icon: 'success', content: copied } : { icon: 'fail', content: MSG.copyFail });
  };

  return (
    <div className="inviter-link">
      <section className="inviter-hero">
        <div className="inviter-hero-kicker">合伙人计划</div>
        <div className="inviter-hero-title">邀请好友 共享佣金</div>
        <div className="inviter-hero-sub">好友通过您的专属链接注册，即成为您的团队成员；团队业绩越高，佣金比例越高</div>
      </section>

      <section className="inviter-card">
        <div className="inviter-field">
          <span className="inviter-field-label">我的邀请码</span>
          <div className="inviter-field-row">
            <span className="inviter-code" data-testid="invite-code">
              {code || '--'}
            </span>
            <button type="button" className="inviter-copy" disabled={!code} onClick={() => void copy(code, MSG.copySuccess)} data-testid="invite-copy-code">
              复制
            </button>
          </div>
        </div>
        <div className="inviter-field">
          <span className="inviter-field-label">我的邀请链接</span>
          <div className="inviter-field-row">
            <span className="inviter-url" data-testid="invite-link">
              {link || '--'}
            </span>
            <button type="button" className="inviter-copy" disabled={!link} onClick={() => void copy(link, MSG.linkCopied)} data-testid="invite-copy-link">
              复制
            </button>
          </div>
        </div>
        <Button block shape="rounded" className="inviter-share" disabled={!link} onClick={() => setSharing(true)} data-testid="invite-now">
          立即邀请
        </Button>
      </section>

      <section className="inviter-card inviter-steps">
        {STEPS.map((s) => (
          <div key={s.n} className="inviter-step">
            <span className="inviter-step-n">{s.n}</span>
            <span className="inviter-step-title">{s.title}</span>
            <span className="inviter-step-sub">{s.sub}</span>
          </div>
        ))}
      </section>

      {link && <ShareSheet visible={sharing} onClose={() => setSharing(false)} poster={poster} />}
    </div>
  );
}
