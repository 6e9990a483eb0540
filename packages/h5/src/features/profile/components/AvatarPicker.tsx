import { useRef } from 'react';
import { shrinkPhoto } from '@app/browser';
import { Avatar, Toast } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { fmt, LIMITS, MSG } from '@app/contract';
import { userKey } from '../../../shared/auth/session';
import { uploadAvatar } from '../api';
import { showFailure } from '../../../shared/api/client';

const ACCEPT = ['image/jpeg', 'image/png', 'image/gif'];
/** A photo is shrunk to this longer side before it is sent (the server cuts it to its avatar square). */
const PHOTO_EDGE_PX = 1024;

/**
 * Tap the avatar, pick a JPG (a phone's photo, shrunk here first), PNG or GIF, upload it, then refresh
 * user info (spec §5, §7).
 */
export function AvatarPicker({ src }: { src: string }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);

  const picked = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!ACCEPT.includes(file.type)) {
      Toast.show({ content: MSG.avatarType });
      return;
    }
    const sent = await shrinkPhoto(file, PHOTO_EDGE_PX, LIMITS.avatarMaxBytes);
    if (sent.size > LIMITS.avatarMaxBytes) {
      Toast.show({ content: fmt(MSG.avatarTooLarge, { kb: LIMITS.avatarMaxBytes / 1024 }) });
      return;
    }
    try {
      await uploadAvatar(sent, file.name);
      Toast.show({ icon: 'success', content: MSG.ok });
      await qc.invalidateQueries({ queryKey: userKey });
    } catch (e) {
      showFailure(e);
    }
  };

  return (
    <div className="userinfo-head">
      <button type="button" className="userinfo-avatar" data-testid="avatar-pick" aria-label="更换头像" onClick={() => input.current?.click()}>
        <Avatar src={src} data-testid="avatar-image" />
        <span className="userinfo-camera">
          <CameraOutline />
        </span>
      </button>
      <div className="userinfo-avatar-tip">点击更换头像（支持 JPG / PNG / GIF）</div>
      <input ref={input} type="file" accept={ACCEPT.join(',')} hidden data-testid="avatar-file" onChange={(e) => void picked(e.target.files?.[0])} />
    </div>
  );
}
