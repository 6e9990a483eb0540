import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';

/** A QR code of `text`, drawn on the client. */
export function QrImage({ text, size = 164, alt }: { text: string; size?: number; alt: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void toDataURL(text, { width: size * 2, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#111827', light: '#ffffff' } }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text, size]);
  return <div className="qr-frame" style={{ width: size, height: size }}>{src && <img src={src} alt={alt} data-testid="pay-qr" width={size} height={size} />}</div>;
}
