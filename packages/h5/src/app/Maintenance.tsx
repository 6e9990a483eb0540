import { ErrorBlock } from 'antd-mobile';
import { MSG } from '@app/contract';

/** Maintenance mode: the whole app is replaced by the repair notice. */
export default function Maintenance({ tips, logo }: { tips: string; logo?: string }) {
  return (
    <div data-testid="maintenance" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', padding: 32, background: 'var(--app-header-bg)', color: '#fff', textAlign: 'center' }}>
      <img src={logo || '/assets/logo.svg'} alt="" style={{ width: 72, height: 72, borderRadius: 18, marginBottom: 16 }} />
      <ErrorBlock status="busy" title={<span style={{ color: '#fff' }}>{MSG.maintenance}</span>} description={<span style={{ color: 'rgba(255,255,255,.85)', fontSize: 15, lineHeight: 1.7 }}>{tips}</span>} />
    </div>
  );
}
