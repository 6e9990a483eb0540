import { lazy, Suspense, useRef } from 'react';
import { useLoginAsk } from '../auth/loginAsk';

// Loaded at the first ask: a visitor's hall paints without the sheet and its popup.
const LoginSheet = lazy(() => import('./LoginSheet'));

/** Mounted once by the app shell, beside the router: the login sheet useRequireLogin opens. */
export function LoginSheetMount({ onGo }: { onGo: (path: string) => Promise<void> }) {
  const ask = useLoginAsk();
  // Once loaded it stays mounted, so that closing it slides it away instead of cutting it off.
  const asked = useRef(false);
  if (ask) asked.current = true;
  if (!asked.current) return null;
  return (
    <Suspense fallback={null}>
      <LoginSheet ask={ask} onGo={onGo} />
    </Suspense>
  );
}
