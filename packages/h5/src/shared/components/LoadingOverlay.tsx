import { useEffect, useState } from 'react';
import { Mask, SpinLoading } from 'antd-mobile';
import { loading } from '../lib/loading';

export function LoadingOverlay() {
  const [active, setActive] = useState(false);
  useEffect(() => loading.subscribe(setActive), []);
  return (
    // No `display` on the Mask itself: antd-mobile merges `style` over its own display:none, which
    // would leave an invisible mask catching every tap after the first call.
    <Mask visible={active} opacity={0.15} style={{ zIndex: 3000 }}>
      <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <div data-testid="loading-overlay" style={{ background: 'rgba(0,0,0,.7)', borderRadius: 12, padding: 20 }}>
          <SpinLoading color="white" style={{ '--size': '32px' }} />
        </div>
      </div>
    </Mask>
  );
}
