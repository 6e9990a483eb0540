import { useRef, useState } from 'react';
import { toast } from '../../../shared/lib/toast';
import { CloseOutline } from 'antd-mobile-icons';
import { MSG } from '@app/contract';
import { useAppInfo } from '../../../shared/api/app';
import { useGo } from '../../../shared/hooks/useGo';
import { useRequireLogin } from '../../../shared/hooks/useRequireLogin';
import { useDock } from './useDock';

/** The packet's place when out (hall.css: 8 px from the edge and the 60 px packet), its close button reaching 6 px above it, and the handle left at the edge. */
const WIDTH_PX = 68;
const HEIGHT_PX = 74;
const HANDLE_PX = 12;

/** The floating red packet: closed → 红包已关闭; visitor → the login sheet; member → /hongbao. */
export function RedPacketEntry() {
  const [hidden, setHidden] = useState(false);
  return hidden ? null : <DockedPacket onHide={() => setHidden(true)} />;
}

/** Docked above the tab bar at the left edge, tucked to a handle whenever a tile lies under it (useDock). */
function DockedPacket({ onHide }: { onHide: () => void }) {
  const { data: app } = useAppInfo();
  const requireLogin = useRequireLogin();
  const go = useGo();
  const ref = useRef<HTMLDivElement>(null);
  const { dock, bottomPx } = useDock(ref, WIDTH_PX, HEIGHT_PX, HANDLE_PX);
  const open = () => {
    if (app?.redpacket_switch === 0) {
      void toast(MSG.redpacketClosed);
      return;
    }
    if (requireLogin('/hongbao')) go('/hongbao');
  };
  return (
    <div ref={ref} className={`redpacket-entry ${dock}`} data-testid="redpacket-dock" data-dock={dock} style={{ bottom: bottomPx }}>
      {dock === 'out' && (
        <button className="redpacket-close" aria-label="关闭红包入口" onClick={onHide}>
          <CloseOutline />
        </button>
      )}
      <button className="redpacket-btn" data-testid="redpacket-entry" aria-label="红包" tabIndex={dock === 'away' ? -1 : 0} onClick={open}>
        <img src="/assets/icons/redpacket.svg" alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
      </button>
    </div>
  );
}
