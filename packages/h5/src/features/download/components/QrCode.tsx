import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';

/** A QR code image of `text`, drawn on the client. */
export function QrCode({ text, size = 168 }: { text: string; size?: number }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void toDataURL(text, { width: size * 2, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1e2a78', light: '#ffffff' } }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text, size]);
  return <div className="qr-box" style={{ width: size, height: size }}>{src && <img src={src} alt="下载二维码" data-testid="qr-code" width={size} height={size} />}</div>;
}
