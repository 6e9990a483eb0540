import { useEffect, useState } from 'react';
import { loading } from '../lib/loading';
import './loading.css';

/**
 * The loading overlay around calls that ask for it: a plain layer and a CSS spinner, rendered only
 * while active (antd-mobile's SpinLoading would bring its animation library into the first paint).
 */
export function LoadingOverlay() {
  const [active, setActive] = useState(false);
  useEffect(() => loading.subscribe(setActive), []);
  if (!active) return null;
  return (
    <div className="loading-overlay">
      <div className="loading-overlay-box" data-testid="loading-overlay">
        <span className="loading-spinner" />
      </div>
    </div>
  );
}
