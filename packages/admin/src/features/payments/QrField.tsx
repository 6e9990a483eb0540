import { useState } from 'react';
import { App, Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadChangeParam, UploadFile } from 'antd/es/upload';
import { fmt, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, UPLOAD_FIELD, type Envelope, type UploadResult } from '@app/contract';
import { QR_UPLOAD_ACTION, uploadHeaders } from './api';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * A receiving account's QR image: the current picture and an upload button; the value is the url the
 * server answers (the server judges the bytes; these checks only spare a pointless upload).
 */
export function QrField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const onUpload = (info: UploadChangeParam<UploadFile<Envelope<UploadResult>>>) => {
    const f = info.file;
    if (f.status === 'uploading') return setUploading(true);
    setUploading(false);
    const answer = f.response;
    if (f.status === 'done' && answer?.code === 200) {
      onChange?.(answer.data.url);
      message.success(answer.message);
    } else if (f.status === 'done' || f.status === 'error') message.error(answer?.message || PROMO_ADMIN_MSG.uploadType);
  };

  const beforeUpload = (file: File) => {
    const refusal = !IMAGE_TYPES.includes(file.type)
      ? PROMO_ADMIN_MSG.uploadType
      : file.size > PROMO_ADMIN_LIMITS.uploadMaxBytes
        ? fmt(PROMO_ADMIN_MSG.uploadTooLarge, { mb: PROMO_ADMIN_LIMITS.uploadMaxBytes / 1024 / 1024 })
        : null;
    if (!refusal) return true;
    message.error(refusal);
    return Upload.LIST_IGNORE;
  };

  return (
    <Space align="start" size={12}>
      <div className="qr-box" data-testid="qr-preview">
        {value ? <Image src={value} alt="收款码" width={96} height={96} style={{ objectFit: 'contain' }} /> : <span className="muted">未上传</span>}
      </div>
      <Space direction="vertical">
        <Upload name={UPLOAD_FIELD} action={QR_UPLOAD_ACTION} headers={uploadHeaders()} accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} onChange={onUpload}>
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="qr-upload">
            {value ? '更换收款码' : '上传收款码'}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            移除
          </Button>
        )}
      </Space>
    </Space>
  );
}
