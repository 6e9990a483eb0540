import { useEffect, useState } from 'react';
import { Mask, SpinLoading } from 'antd-mobile';
import { loading } from '../lib/loading';

export function LoadingOverlay() {
  const [active, setActive] = useState(false);
  useEffect(() => loading.subscribe(setActive), []);
  return (
    <Mask visible={active} opacity={0.15} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 3000 }}>
      <div data-testid="loading-overlay" style={{ background: 'rgba(0,0,0,.7)', borderRadius: 12, padding: 20 }}>
        <SpinLoading color="white" style={{ '--size': '32px' }} />
      </div>
    </Mask>
  );
}
