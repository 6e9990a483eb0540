import { drawQr } from '@app/browser';

/**
 * The share poster, drawn in the browser (no server image): the site's logo and title, the offer,
 * the QR code of the invite link on a white card, the invite code and the link. 600 × 900 px, shown
 * scaled down and saved as a PNG at full size.
 */
export const POSTER_W = 600;
export const POSTER_H = 900;
const QR_PX = 300;
const LOGO_TIMEOUT_MS = 3000;

export interface PosterInput {
  title: string;
  logoUrl: string;
  link: string;
  code: string;
}

/** The QR code of `text` on a canvas of its own (the poster draws it; 保存二维码 saves it). */
export async function qrCanvas(text: string, px = QR_PX): Promise<HTMLCanvasElement> {
  const c = document.createElement('canvas');
  await drawQr(c, text, px);
  return c;
}

/** The logo, or null when it does not load in time (a cross-origin logo without CORS would taint the canvas). */
function loadLogo(url: string): Promise<HTMLImageElement | null> {
  if (!url) return Promise.resolve(null);
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    const timer = window.setTimeout(() => resolve(null), LOGO_TIMEOUT_MS);
    img.onload = () => {
      window.clearTimeout(timer);
      resolve(img);
    };
    img.onerror = () => {
      window.clearTimeout(timer);
      resolve(null);
    };
    img.src = url;
  });
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** `text` cut with … to fit `maxW` in the context's current font. */
function fit(ctx: CanvasRenderingContext2D, text: string, maxW: number): string {
  if (ctx.measureText(text).width <= maxW) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > maxW) t = t.slice(0, -1);
  return `${t}…`;
}

const FONT = `-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif`;

export async function drawPoster(canvas: HTMLCanvasElement, p: PosterInput): Promise<void> {
  canvas.width = POSTER_W;
  canvas.height = POSTER_H;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const [logo, qr] = await Promise.all([loadLogo(p.logoUrl), qrCanvas(p.link)]);

  // background: the app's royal blue, a gold glow top right, soft rings
  const bg = ctx.createLinearGradient(0, 0, POSTER_W, POSTER_H);
  bg.addColorStop(0, '#1e2a78');
  bg.addColorStop(0.55, '#3a5bef');
  bg.addColorStop(1, '#1e2a78');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, POSTER_W, POSTER_H);
  const glow = ctx.createRadialGradient(520, 60, 0, 520, 60, 320);
  glow.addColorStop(0, 'rgba(255, 226, 154, .55)');
  glow.addColorStop(1, 'rgba(255, 226, 154, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, POSTER_W, POSTER_H);
  ctx.strokeStyle = 'rgba(255, 255, 255, .07)';
  ctx.lineWidth = 2;
  for (const r of [140, 220, 300]) {
    ctx.beginPath();
    ctx.arc(40, POSTER_H - 40, r, 0, Math.PI * 2);
    ctx.stroke();
  }

  // the site: logo and title
  const logoSize = 72;
  const logoX = 48;
  const logoY = 48;
  ctx.save();
  roundRect(ctx, logoX, logoY, logoSize, logoSize, 18);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.clip();
  if (logo) ctx.drawImage(logo, logoX + 6, logoY + 6, logoSize - 12, logoSize - 12);
  else {
    ctx.fillStyle = '#3a5bef';
    ctx.font = `800 36px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText([...p.title][0] ?? '★', logoX + logoSize / 2, logoY + logoSize / 2 + 2);
  }
  ctx.restore();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.font = `800 34px ${FONT}`;
  ctx.fillText(fit(ctx, p.title, POSTER_W - logoX - logoSize - 70), logoX + logoSize + 20, logoY + logoSize / 2);

  // the offer
  ctx.textAlign = 'center';
  const gold = ctx.createLinearGradient(0, 170, 0, 230);
  gold.addColorStop(0, '#ffe29a');
  gold.addColorStop(1, '#e9b949');
  ctx.fillStyle = gold;
  ctx.font = `900 56px ${FONT}`;
  ctx.fillText('邀请好友 共享佣金', POSTER_W / 2, 205);
  ctx.fillStyle = 'rgba(255, 255, 255, .85)';
  ctx.font = `500 24px ${FONT}`;
  ctx.fillText('好友通过您的链接注册，即成为您的团队成员', POSTER_W / 2, 262);

  // the QR card
  const cardW = 400;
  const cardH = 470;
  const cardX = (POSTER_W - cardW) / 2;
  const cardY = 310;
  ctx.save();
  ctx.shadowColor = 'rgba(10, 16, 60, .35)';
  ctx.shadowBlur = 30;
  ctx.shadowOffsetY = 10;
  roundRect(ctx, cardX, cardY, cardW, cardH, 28);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.restore();
  ctx.drawImage(qr, (POSTER_W - QR_PX) / 2, cardY + 36, QR_PX, QR_PX);
  ctx.fillStyle = '#1f2540';
  ctx.font = `700 26px ${FONT}`;
  ctx.fillText('扫码注册，立即加入', POSTER_W / 2, cardY + 372);
  roundRect(ctx, POSTER_W / 2 - 130, cardY + 400, 260, 44, 22);
  ctx.fillStyle = '#fff6dc';
  ctx.fill();
  ctx.fillStyle = '#b07a10';
  ctx.font = `700 22px ${FONT}`;
  ctx.fillText(`邀请码  ${p.code}`, POSTER_W / 2, cardY + 423);

  // the link, for those who cannot scan
  ctx.fillStyle = 'rgba(255, 255, 255, .75)';
  ctx.font = `400 18px ${FONT}`;
  ctx.fillText(fit(ctx, p.link, POSTER_W - 96), POSTER_W / 2, 830);
  ctx.fillStyle = 'rgba(255, 255, 255, .55)';
  ctx.font = `400 16px ${FONT}`;
  ctx.fillText('长按识别二维码或复制链接在浏览器打开', POSTER_W / 2, 862);
}
