import { useState } from 'react';
import { confirmLogin } from '../../../shared/lib/dialog';
import { toast } from '../../../shared/lib/toast';
import { CloseOutline } from 'antd-mobile-icons';
import { MSG } from '@app/contract';
import { useAppInfo } from '../../../shared/api/app';
import { useToken } from '../../../shared/auth/session';
import { useGo } from '../../../shared/hooks/useGo';

/** The floating red packet: closed → 红包已关闭; visitor → the login confirm; member → /hongbao. */
export function RedPacketEntry() {
  const { data: app } = useAppInfo();
  const token = useToken();
  const go = useGo();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const open = () => {
    if (app?.redpacket_switch === 0) {
      void toast(MSG.redpacketClosed);
      return;
    }
    if (!token) {
      void confirmLogin().then((yes) => {
        if (yes) go(`/login?redirect=${encodeURIComponent('/hongbao')}`);
      });
      return;
    }
    go('/hongbao');
  };
  return (
    <div className="redpacket-entry">
      <button className="redpacket-close" aria-label="关闭红包入口" onClick={() => setHidden(true)}>
        <CloseOutline />
      </button>
      <button className="redpacket-btn" data-testid="redpacket-entry" aria-label="红包" onClick={open}>
        <img src="/assets/icons/redpacket.svg" alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
      </button>
    </div>
  );
}
