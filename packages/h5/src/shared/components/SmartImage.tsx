import { useState, type CSSProperties } from 'react';
import './shared.css';

/**
 * An image that never shows the browser's broken-image icon: while it loads and if it fails, a soft
 * gradient block with an optional label stands in its place.
 */
export function SmartImage({
  src,
  alt = '',
  label,
  className = '',
  style,
  eager = false,
}: {
  src: string;
  alt?: string;
  label?: string;
  className?: string;
  style?: CSSProperties;
  /** Load at once even when off-screen (carousel slides waiting their turn). */
  eager?: boolean;
}) {
  const [state, setState] = useState<'loading' | 'ok' | 'failed'>(src ? 'loading' : 'failed');
  return (
    <span className={`smart-img smart-img-${state} ${className}`} style={style}>
      {state !== 'failed' && <img src={src} alt={alt} loading={eager ? 'eager' : 'lazy'} draggable={false} onLoad={() => setState('ok')} onError={() => setState('failed')} />}
      {state === 'failed' && label && <span className="smart-img-label">{label}</span>}
    </span>
  );
}
