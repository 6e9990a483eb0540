import { useEffect, useRef, useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { Sheet } from '../../../shared/components/Sheet';
import { LinkOutline, PictureOutline, ScanCodeOutline } from 'antd-mobile-icons';
import { INVITE_MSG, MSG } from '@app/contract';
import { toast } from '../../../shared/lib/toast';
import { copyText, downloadCanvas } from '@app/browser';
import { drawPoster, qrCanvas, type PosterInput } from './poster';

/**
 * 立即邀请's bottom share sheet (spec §2): the poster drawn at once, then 保存链接 (copies the link:
 * 链接已复制到剪贴板 or 复制链接失败), 保存图片 (the poster as a PNG), 保存二维码 (the QR code as a
 * PNG) and 取消.
 */
export function ShareSheet({ visible, onClose, poster }: { visible: boolean; onClose: () => void; poster: PosterInput }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!visible || !canvas.current) return;
    let live = true;
    setDrawn(false);
    void drawPoster(canvas.current, poster).then(() => live && setDrawn(true));
    return () => {
      live = false;
    };
  }, [visible, poster.link, poster.title, poster.logoUrl, poster.code]);

  const saveLink = async () => {
    const done = await copyText(poster.link);
    void toast(done ? { icon: 'success', content: MSG.linkCopied } : { icon: 'fail', content: MSG.copyFail });
    if (done) onClose();
  };
  const savePoster = () => {
    if (!canvas.current || !drawn) return;
    void toast(downloadCanvas(canvas.current, `invite-poster-${poster.code}.png`) ? INVITE_MSG.posterSaved : INVITE_MSG.saveFailed);
  };
  const saveQr = async () => {
    const qr = await qrCanvas(poster.link, 480);
    void toast(downloadCanvas(qr, `invite-qrcode-${poster.code}.png`) ? INVITE_MSG.qrSaved : INVITE_MSG.saveFailed);
  };

  const actions = [
    { key: 'link', label: '保存链接', icon: <LinkOutline />, run: saveLink },
    { key: 'image', label: '保存图片', icon: <PictureOutline />, run: savePoster },
    { key: 'qr', label: '保存二维码', icon: <ScanCodeOutline />, run: saveQr },
  ] as const;

  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="share-sheet" destroyOnClose={false} forceRender>
      <div className="share-poster-wrap">
        <canvas ref={canvas} className="share-poster" data-testid="invite-poster" data-drawn={drawn ? '1' : '0'} />
        {!drawn && (
          <div className="share-poster-loading">
            <DotLoading color="white" />
          </div>
        )}
      </div>
      <div className="share-title">分享到</div>
      <div className="share-actions">
        {actions.map((a) => (
          <button key={a.key} type="button" className={`share-action is-${a.key}`} data-testid={`share-${a.key}`} onClick={() => void a.run()}>
            <span className="share-action-icon" aria-hidden>
              {a.icon}
            </span>
            <span>{a.label}</span>
          </button>
        ))}
      </div>
      <button type="button" className="share-cancel" data-testid="share-cancel" onClick={onClose}>
        取消
      </button>
    </Sheet>
  );
}
