import { lazy, Suspense } from 'react';
import { useToken } from '../auth/session';

// The reality check and its poll load once someone signs in, beside the screen, never before the hall's first paint.
const RealityCheck = lazy(() => import('./RealityCheck'));

/** Mounted once by the app shell: the reality check while a session exists. */
export function RealityCheckMount({ onLeave }: { onLeave: () => void }) {
  const token = useToken();
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheck onLeave={onLeave} />
    </Suspense>
  );
}
