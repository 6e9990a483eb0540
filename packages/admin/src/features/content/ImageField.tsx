import { useState } from 'react';
import { App, Button, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UploadChangeParam, UploadFile } from 'antd/es/upload';
import { fmt, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, UPLOAD_FIELD, type Envelope, type UploadResult } from '@app/contract';
import { UPLOAD_ACTION, uploadHeaders } from './api';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * An image form field: the current picture and an upload button (POST /admin/api/uploads with the
 * staff token); the value is the url the server answers. The server judges the bytes; the checks
 * here only spare a pointless upload.
 */
export function ImageField({ value, onChange, disabled, width = 240, testId }: { value?: string; onChange?: (url: string) => void; disabled?: boolean; width?: number; testId: string }) {
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
    <Space align="start" size={16}>
      <div className="content-image-box" style={{ width }} data-testid={`${testId}-preview`}>
        {value ? <Image src={value} alt="" width={width} /> : <span className="muted">未上传</span>}
      </div>
      {!disabled && (
        <Upload name={UPLOAD_FIELD} action={UPLOAD_ACTION} headers={uploadHeaders()} accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} onChange={onUpload}>
          <Button icon={<UploadOutlined />} loading={uploading} data-testid={`${testId}-upload`}>
            {value ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
      )}
    </Space>
  );
}
