import { useEffect, useRef, useState } from 'react';
import { App, Button, Skeleton } from 'antd';
import { CopyOutlined, DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { INVITE_MSG, inviteLink, MSG } from '@app/contract';
import { LoadError } from '../../shared/components/LoadError';
import { Section } from '../../shared/components/Section';
import { useMe } from '../../shared/session';
import { copyText, downloadCanvas, drawQr } from '@app/browser';

const QR_PX = 220;
const QR_SAVE_PX = 480;

/** 推广: the agent's registration link (pid = its id) and code, copied or scanned from its QR code. */
export default function InvitePage() {
  const { data: me, error, refetch, isPending } = useMe();
  const { message } = App.useApp();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const link = me ? inviteLink(new URL(me.h5_url || '/', window.location.origin).href, me.id) : '';

  useEffect(() => {
    if (!link || !canvas.current) return;
    let live = true;
    setDrawn(false);
    void drawQr(canvas.current, link, QR_PX).then(() => live && setDrawn(true));
    return () => {
      live = false;
    };
  }, [link]);

  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (isPending)
    return (
      <div className="page">
        <Section>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Section>
      </div>
    );

  const copy = async (text: string) => {
    if (await copyText(text)) void message.success(MSG.linkCopied);
    else void message.error(MSG.copyFail);
  };
  const saveQr = async () => {
    const big = document.createElement('canvas');
    await drawQr(big, link, QR_SAVE_PX);
    if (downloadCanvas(big, `invite-qrcode-${me.code}.png`)) void message.success(INVITE_MSG.qrSaved);
    else void message.error(INVITE_MSG.saveFailed);
  };

  return (
    <div className="page invite" data-testid="page-invite">
      <div className="invite-card">
        <div className="invite-brand">
          <img src={me.logo || '/assets/logo.svg'} alt="" />
          <span>{me.title}</span>
        </div>
        <div className="invite-slogan">邀请好友 共享佣金</div>
        <div className="invite-sub">好友通过您的链接注册，即成为您的团队成员</div>
        <div className="invite-qr">
          <canvas ref={canvas} data-testid="invite-qr" data-drawn={drawn ? '1' : '0'} aria-label="邀请二维码" />
          <div className="invite-code">
            邀请码 <b data-testid="invite-code">{me.code}</b>
          </div>
        </div>
      </div>
      <Section title="我的邀请链接" testId="invite-link-card">
        <div className="invite-link" data-testid="invite-link">
          <LinkOutlined />
          <span>{link}</span>
        </div>
        <div className="invite-actions">
          <Button type="primary" size="large" icon={<CopyOutlined />} onClick={() => void copy(link)} data-testid="invite-copy">
            复制链接
          </Button>
          <Button size="large" icon={<DownloadOutlined />} onClick={() => void saveQr()} disabled={!drawn} data-testid="invite-save-qr">
            保存二维码
          </Button>
        </div>
        <p className="muted invite-tip">将链接或二维码分享给好友，好友注册时自动填写您的邀请码 {me.code}。</p>
      </Section>
    </div>
  );
}
