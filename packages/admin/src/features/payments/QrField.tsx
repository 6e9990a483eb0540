import { ImageUpload } from '../../shared/components/ImageUpload';
import { QR_UPLOAD_ACTION } from './api';

/** A receiving account's QR image (uploaded under payments.write; the change is reviewed with the account's). */
export function QrField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  return (
    <ImageUpload
      value={value}
      onChange={onChange}
      action={QR_UPLOAD_ACTION}
      testId="qr"
      noun="收款码"
      clearable
      box={{ width: 104, height: 104 }}
      image={{ width: 96, height: 96, alt: '收款码', style: { objectFit: 'contain' } }}
    />
  );
}
