import { useState, type CSSProperties } from 'react';
import { App, Button, Image, Space, Upload, type ImageProps } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadChangeParam, UploadFile } from 'antd/es/upload';
import { fmt, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, UPLOAD_FIELD, type Envelope, type UploadResult } from '@app/contract';
import { tokenStore } from '../api';
import './image-upload.css';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The console's image upload (activities, banners, game tiles, site pictures): POST /admin/api/uploads. */
export const UPLOAD_URL = '/admin/api/uploads';

/** Why a picked file is not worth sending, or null. The server judges the bytes; this only spares a pointless upload. */
function refusalOf(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return PROMO_ADMIN_MSG.uploadType;
  if (file.size > PROMO_ADMIN_LIMITS.uploadMaxBytes) return fmt(PROMO_ADMIN_MSG.uploadTooLarge, { mb: PROMO_ADMIN_LIMITS.uploadMaxBytes / 1024 / 1024 });
  return null;
}

/**
 * An image form field: the current picture and an upload button (with the staff token to `action`);
 * the value is the url the server answers, and its message is shown. `clearable` adds 移除.
 */
export function ImageUpload({
  value,
  onChange,
  testId,
  action = UPLOAD_URL,
  editable = true,
  clearable = false,
  box,
  image,
  noun = '图片',
}: {
  value?: string;
  onChange?: (url: string) => void;
  testId: string;
  action?: string;
  editable?: boolean;
  clearable?: boolean;
  /** the preview box's size */
  box: Pick<CSSProperties, 'width' | 'height' | 'minWidth' | 'minHeight'>;
  /** how the preview shows the picture */
  image: Pick<ImageProps, 'width' | 'height' | 'alt' | 'style'>;
  /** what the buttons call the picture: 上传{noun} / 更换{noun} */
  noun?: string;
}) {
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
    const refusal = refusalOf(file);
    if (!refusal) return true;
    message.error(refusal);
    return Upload.LIST_IGNORE;
  };

  return (
    <Space align="start" size={16}>
      <div className="image-upload-box" style={box} data-testid={`${testId}-preview`}>
        {value ? <Image src={value} alt="" {...image} /> : <span className="muted">未上传</span>}
      </div>
      {editable && (
        <Space direction="vertical">
          <Upload
            name={UPLOAD_FIELD}
            action={action}
            headers={{ authorization: `Bearer ${tokenStore.get()}` }}
            accept={IMAGE_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={beforeUpload}
            onChange={onUpload}
          >
            <Button icon={<UploadOutlined />} loading={uploading} data-testid={`${testId}-upload`}>
              {value ? `更换${noun}` : `上传${noun}`}
            </Button>
          </Upload>
          {clearable && value && (
            <Button icon={<DeleteOutlined />} danger onClick={() => onChange?.('')} data-testid={`${testId}-clear`}>
              移除{noun}
            </Button>
          )}
        </Space>
      )}
    </Space>
  );
}
